import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatProfile, readProfiles } from './lib/cpu-profile';
import { seedContacts } from './lib/contacts-data';
import { CpuSampler, cpuSummary, runProcessGroups } from './lib/process-cpu';
import { machine, say, seconds, withBenchRun, writeReport, type BenchRun } from './lib/run';
import { createWorkspace, waitUntilIdle, type Workspace } from './lib/workspace';

/**
 * `npm run bench:campaigns`: a one-off campaign to 10,000 labelled contacts with the per-inbox
 * rate limit off. Prints sends per second, the time from create to `completed`, the CPU share of
 * each process, and checks that every contact got exactly one message. The baseline, measured in
 * the same run: the same work done by a client, one conversation with an opening outgoing message
 * per contact through the public API (as many requests at once as the runner sends), i.e. what a
 * send costs without the campaigns service. It reports; it never fails on a target.
 */

const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const AUDIENCE = Number(process.env.BENCH_CAMPAIGN_AUDIENCE ?? 10_000);
const BASELINE = Math.max(100, Math.round(AUDIENCE / 10));
const CONCURRENCY = Number(process.env.BENCH_CAMPAIGN_CONCURRENCY ?? 16);
const LABEL = 'bench-audience';
const TARGET_SENDS_PER_SECOND = 200;
/** `--cpu-prof`: every service runs under `node --cpu-prof`; their top self time is printed at the end. */
const CPU_PROFILE = process.argv.slice(2).includes('--cpu-prof');

async function main(): Promise<void> {
  const rootDir = process.cwd();
  const env = {
    CAMPAIGN_SEND_RATE_PER_INBOX: '0',
    CAMPAIGN_SEND_CONCURRENCY: String(CONCURRENCY),
    CAMPAIGN_POLL_INTERVAL_MS: '100',
  };
  const profileDir = join(rootDir, 'tmp', 'bench', `profiles-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  if (CPU_PROFILE) mkdirSync(profileDir, { recursive: true });
  const nodeArgs = CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : undefined;
  await withBenchRun(
    { rootDir, adminDatabaseUrl: ADMIN_DATABASE_URL, natsUrl: NATS_URL, env, nodeArgs },
    async (run) => {
      const workspace = await createWorkspace({
        gatewayUrl: run.system.gatewayUrl,
        platformApiToken: run.platformApiToken,
        natsUrl: NATS_URL,
        namespace: run.namespace,
        db: run.db,
      });
      const api = accountApi(run, workspace);
      const label = await api('POST', '/labels', { title: LABEL });
      await seedAudience(run, workspace.accountId, AUDIENCE + BASELINE);
      await waitUntilIdle(run.db, NATS_URL, run.namespace).catch((error: Error) => say(`  warning: ${error.message}`));
      const groups = runProcessGroups({ namespace: run.namespace, databaseName: run.databaseName }, [
        'gateway',
        'messaging',
        'contacts',
        'campaigns',
      ]);
      say(
        `\nA one-off campaign to ${AUDIENCE} labelled contacts, rate limit off, ${CONCURRENCY} sends in flight; ${machine()}`,
      );

      say(
        `\nBaseline: POST /conversations with an opening message for ${BASELINE} other contacts, ${CONCURRENCY} at a time`,
      );
      const baseline = await baselineSends(run, workspace, api, BASELINE);
      say(`  ${baseline.toFixed(0)} sends/s`);

      // The first AUDIENCE contacts carry the label; the rest were the baseline's.
      await run.db.query(
        `UPDATE contacts.contacts SET labels = '{}' WHERE account_id = $1 AND id > (SELECT min(id) + $2 - 1 FROM contacts.contacts WHERE account_id = $1)`,
        [workspace.accountId, AUDIENCE],
      );
      say(`\nCampaign`);
      const sampler = new CpuSampler(groups);
      const started = Date.now();
      const campaign = await api('POST', '/campaigns', {
        title: 'Bench',
        message: '{Hi|Hello} {{contact.name}}, your plan: {{contact.custom_attributes.plan}}',
        inbox_id: workspace.inboxId,
        audience: [{ type: 'Label', id: label.id }],
      });
      let shown = campaign;
      let etaSeen: string | null = null;
      while (shown.status === 'running') {
        await sleep(200);
        shown = await api('GET', `/campaigns/${campaign.id}`);
        etaSeen ??= shown.eta;
      }
      const elapsedMs = Date.now() - started;
      const cpu = sampler.stop();
      const { rows: span } = await run.db.query<{ first_ms: number; last_ms: number }>(
        `SELECT extract(epoch FROM min(sent_at)) * 1000 AS first_ms, extract(epoch FROM max(sent_at)) * 1000 AS last_ms FROM campaigns.campaign_sends WHERE campaign_id = $1`,
        [campaign.id],
      );
      const sendingMs = Math.max(1, Number(span[0].last_ms) - Number(span[0].first_ms));
      const sendsPerSecond = (shown.sent_count * 1000) / sendingMs;
      const { rows: counts } = await run.db.query<{ contacts: number; messages: number; repeated: number }>(
        `SELECT count(*)::int AS contacts, coalesce(sum(n), 0)::int AS messages, count(*) FILTER (WHERE n > 1)::int AS repeated
         FROM (SELECT c.contact_id, count(m.id) AS n FROM messaging.conversations c JOIN messaging.messages m ON m.conversation_id = c.id
                WHERE c.campaign_id = $1 AND m.message_type = 'outgoing' GROUP BY c.contact_id) per_contact`,
        [campaign.id],
      );
      const exact = counts[0].contacts === AUDIENCE && counts[0].messages === AUDIENCE && counts[0].repeated === 0;
      say(
        `  status ${shown.status}: ${shown.sent_count} sent, ${shown.failed_count} failed of ${shown.audience_count}; first ETA shown ${etaSeen ?? 'none'}`,
      );
      say(
        `  ${sendsPerSecond.toFixed(0)} sends/s (first to last send), ${seconds(elapsedMs)} from create to completed`,
      );
      say(
        `  messages per contact: ${counts[0].contacts} contacts, ${counts[0].messages} messages, ${counts[0].repeated} with more than one → ${exact ? 'exactly once' : 'NOT exactly once'}`,
      );
      say(`  CPU (% of one core): ${cpuSummary(cpu)}`);

      const ratio = sendsPerSecond / baseline;
      say('\nSummary');
      say(
        `  campaign: ${sendsPerSecond.toFixed(0)} sends/s (target ≥ ${TARGET_SENDS_PER_SECOND}), ${ratio.toFixed(2)}× the API baseline's ${baseline.toFixed(0)} sends/s; ${seconds(elapsedMs)} to completed; ${exact ? 'each contact exactly once' : 'NOT exactly once'}`,
      );
      const file = writeReport(rootDir, 'campaigns', {
        audience: AUDIENCE,
        concurrency: CONCURRENCY,
        baselineSendsPerSecond: baseline,
        sendsPerSecond,
        ratioToBaseline: ratio,
        msToCompleted: elapsedMs,
        status: shown.status,
        sent: shown.sent_count,
        failed: shown.failed_count,
        messagesPerContact: counts[0],
        exactlyOnce: exact,
        targetMet: sendsPerSecond >= TARGET_SENDS_PER_SECOND,
        cpu,
      });
      say(`\nFigures written to ${file}`);
    },
  );
  if (CPU_PROFILE) {
    say(`\nWhere the time went (profiles in ${profileDir}, whole process lifetime: start-up and seeding included)`);
    for (const profile of readProfiles(profileDir)) say(formatProfile(profile));
  }
}

type Api = (method: string, path: string, body?: unknown) => Promise<any>;

function accountApi(run: BenchRun, workspace: Workspace): Api {
  return async (method, path, body) => {
    const response = await fetch(`${run.system.gatewayUrl}/api/v1/accounts/${workspace.accountId}${path}`, {
      method,
      headers: { api_access_token: workspace.token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/**
 * The contacts, labelled, straight into the contacts service's table, and into messaging's copy
 * of contacts as their created events would have put them (10,000 contacts through the API would
 * take longer than the campaign; the benchmark measures sending, not seeding).
 */
async function seedAudience(run: BenchRun, accountId: number, count: number): Promise<void> {
  say(`Seeding ${count} labelled contacts …`);
  await seedContacts(run.db, accountId, 1, count);
  await run.db.query(`UPDATE contacts.contacts SET labels = ARRAY[$2] WHERE account_id = $1`, [accountId, LABEL]);
  await run.db.query(
    `INSERT INTO messaging.contacts_view (id, account_id, name, email, phone_number, identifier, blocked, additional_attributes, source_updated_at)
     SELECT id, account_id, name, email, phone_number, identifier, false, additional_attributes, now() FROM contacts.contacts WHERE account_id = $1`,
    [accountId],
  );
  await run.db.query('VACUUM ANALYZE messaging.contacts_view');
}

/** The last `count` contacts each sent a conversation with an opening message through the API, CONCURRENCY at once; sends per second. */
async function baselineSends(run: BenchRun, workspace: Workspace, api: Api, count: number): Promise<number> {
  const { rows } = await run.db.query<{ id: number }>(
    'SELECT id FROM contacts.contacts WHERE account_id = $1 ORDER BY id DESC LIMIT $2',
    [workspace.accountId, count],
  );
  let next = 0;
  let succeeded = 0;
  let failures = 0;
  const started = Date.now();
  const worker = async () => {
    while (next < rows.length) {
      const contactId = rows[next++].id;
      await api('POST', '/conversations', {
        inbox_id: workspace.inboxId,
        contact_id: contactId,
        message: { content: 'Baseline', message_type: 'outgoing' },
      }).then(
        () => void succeeded++,
        (error: Error) => void (failures++ < 3 && say(`  warning: ${error.message}`)),
      );
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failures > 0) say(`  ${failures} of ${rows.length} requests failed (not counted)`);
  return (succeeded * 1000) / (Date.now() - started);
}

void main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
