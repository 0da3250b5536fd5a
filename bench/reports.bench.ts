import {
  ConversationEvents,
  MessageEvents,
  type ConversationSnapshot,
  type EventEnvelope,
  type Message,
} from '@parley/contracts';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadReportingConfig, reportingModelOn, reportingSchema } from '@parley/reporting';
import { machine, say, writeReport } from './lib/run';

/**
 * `npm run bench:reports`: an account with CONVERSATIONS conversations and ten messages each
 * over 12 months, ingested straight into a fresh reporting model through the service's own
 * ingestion code (the consumers' batch entry points, in transactions of BATCH conversations).
 * Then each report's p50 over RUNS calls, beside an ad-hoc aggregate over the raw facts in the
 * same database (the same window and definitions, without roll-ups). Reports; never fails.
 */

const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONVERSATIONS = Number(process.env.BENCH_REPORT_CONVERSATIONS ?? 100_000);
const MESSAGES_PER_CONVERSATION = 10;
const BATCH = 500;
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 20);
const RAW_RUNS = 5;
const ACCOUNT = 1;
const AGENTS = 50;
const INBOXES = 10;
const TEAMS = 5;
const DAY = 86_400;
const END = Math.floor(Date.parse('2026-11-01T00:00:00Z') / 1000);
const START = END - 365 * DAY;
const TARGETS = { maxP50Ms: 50, minSpeedup: 20, minEventsPerSecond: 5000 };

function envelope<T>(type: string, data: T, at: number, origin = 'api'): EventEnvelope<T> {
  return {
    id: randomUUID(),
    type,
    version: 1,
    account_id: ACCOUNT,
    occurred_at: new Date(at * 1000).toISOString(),
    data,
    meta: { actor: { type: 'user', id: 1 }, correlation_id: null, origin },
  };
}

function snapshot(
  n: number,
  createdAt: number,
  status: 'open' | 'resolved',
  assignee: number | null,
): ConversationSnapshot {
  return {
    id: n,
    display_id: n,
    account_id: ACCOUNT,
    inbox_id: 1 + (n % INBOXES),
    contact_id: n,
    status,
    assignee_id: assignee,
    team_id: 1 + (n % TEAMS),
    priority: null,
    labels: n % 3 === 0 ? ['billing'] : [],
    created_at: createdAt,
    updated_at: createdAt,
    waiting_since: null,
    first_reply_created_at: null,
  } as unknown as ConversationSnapshot;
}

function message(n: number, conversation: number, at: number, incoming: boolean, agent: number): Message {
  return {
    id: n,
    conversation_id: conversation,
    account_id: ACCOUNT,
    inbox_id: 1 + (conversation % INBOXES),
    message_type: incoming ? 'incoming' : 'outgoing',
    private: false,
    created_at: at,
    sender: incoming
      ? { id: conversation, type: 'contact', name: null, thumbnail: null }
      : { id: agent, type: 'user', name: null, thumbnail: null },
  } as unknown as Message;
}

/** One batch of conversations as the four event types the consumers take, in stream order per type. */
function batchOfEvents(first: number, count: number) {
  const created: EventEnvelope[] = [];
  const assigned: EventEnvelope[] = [];
  const messages: EventEnvelope[] = [];
  const statuses: EventEnvelope[] = [];
  for (let n = first; n < first + count; n++) {
    const createdAt = START + Math.floor(((n * 7919) % CONVERSATIONS) * ((365 * DAY - 2 * DAY) / CONVERSATIONS));
    const agent = 1 + (n % AGENTS);
    created.push(
      envelope(ConversationEvents.created, { conversation: snapshot(n, createdAt, 'open', null) }, createdAt),
    );
    assigned.push(
      envelope(
        ConversationEvents.assigneeChanged,
        { conversation: snapshot(n, createdAt, 'open', agent), previous_assignee_id: null },
        createdAt + 30,
      ),
    );
    let at = createdAt;
    for (let m = 0; m < MESSAGES_PER_CONVERSATION; m++) {
      at += 60 + ((n + m) % 600);
      const conversation = snapshot(n, createdAt, 'open', agent);
      messages.push(
        envelope(MessageEvents.created, { message: message(n * 100 + m, n, at, m % 2 === 0, agent), conversation }, at),
      );
    }
    statuses.push(
      envelope(
        ConversationEvents.statusChanged,
        { conversation: snapshot(n, createdAt, 'resolved', agent), previous_status: 'open' },
        at + 120,
      ),
    );
  }
  return { created, assigned, messages, statuses };
}

function p50(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timed(runs: number, work: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return p50(samples);
}

async function main(): Promise<void> {
  const name = `parley_bench_reports_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  const db = new DataSource({
    type: 'postgres',
    url: url.toString(),
    schema: 'reporting',
    migrations: reportingSchema.migrations,
    migrationsTableName: 'migrations',
    extra: { max: 4 },
  });
  try {
    await db.initialize();
    await db.query('CREATE SCHEMA reporting');
    await db.runMigrations({ transaction: 'each' });
    const model = reportingModelOn(db, { ...loadReportingConfig(), maxWindowDays: 400 });
    const view = model.messagingView;
    const at = new Date(START * 1000);
    await db.transaction(async (tx) => {
      for (let id = 1; id <= INBOXES; id++) {
        await view.inboxes.recordOne(
          tx,
          {
            id,
            account_id: ACCOUNT,
            name: `Inbox ${id}`,
            working_hours_enabled: false,
            working_hours: [],
            timezone: 'UTC',
            csat_survey_enabled: false,
          } as never,
          at,
        );
      }
      for (let id = 1; id <= TEAMS; id++)
        await view.teams.recordOne(tx, { id, account_id: ACCOUNT, name: `Team ${id}` } as never, at);
      for (let id = 1; id <= AGENTS; id++) {
        await view.users.recordOne(tx, { user_id: id, name: `Agent ${id}`, email: `a${id}@example.com` }, at);
        await view.agents.recordOne(
          tx,
          { account_id: ACCOUNT, user_id: id, role: 'agent', availability_status: 'online' },
          at,
        );
      }
    });

    const { ingestion } = model;
    say(
      `\nIngesting ${CONVERSATIONS.toLocaleString('en')} conversations × ${MESSAGES_PER_CONVERSATION} messages over 12 months; ${machine()}`,
    );
    let events = 0;
    const started = performance.now();
    for (let first = 1; first <= CONVERSATIONS; first += BATCH) {
      const batch = batchOfEvents(first, Math.min(BATCH, CONVERSATIONS - first + 1));
      await db.transaction(async (tx) => {
        await ingestion.conversationsCreated(tx, batch.created as never);
        await ingestion.assigneesChanged(tx, batch.assigned as never);
        await ingestion.messagesCreated(tx, batch.messages as never);
        await ingestion.statusesChanged(tx, batch.statuses as never);
      });
      events += batch.created.length + batch.assigned.length + batch.messages.length + batch.statuses.length;
      if ((first - 1) % (BATCH * 40) === 0) say(`  ${events.toLocaleString('en')} events …`);
    }
    const ingestSeconds = (performance.now() - started) / 1000;
    const eventsPerSecond = Math.round(events / ingestSeconds);
    await db.query('ANALYZE');
    const [{ facts }] = await db.query('SELECT count(*)::int AS facts FROM reporting.facts');
    const [{ rollups }] = await db.query('SELECT count(*)::int AS rollups FROM reporting.rollups');
    say(
      `  ${events.toLocaleString('en')} events in ${ingestSeconds.toFixed(1)} s: ${eventsPerSecond.toLocaleString('en')} events/s (${facts.toLocaleString('en')} facts, ${rollups.toLocaleString('en')} roll-up rows)`,
    );

    const { query, reports } = model;
    const window = { since: START, until: END };
    const agent = 7;
    const rows: Array<{ report: string; p50Ms: number; rawP50Ms: number; speedup: number }> = [];
    const compare = async (report: string, product: () => Promise<unknown>, raw: () => Promise<unknown>) => {
      await product();
      const p50Ms = await timed(RUNS, product);
      const rawP50Ms = await timed(RAW_RUNS, raw);
      rows.push({ report, p50Ms, rawP50Ms, speedup: rawP50Ms / p50Ms });
      say(
        `  ${report}: p50 ${p50Ms.toFixed(1)} ms; raw aggregate over the facts p50 ${rawP50Ms.toFixed(0)} ms; ${(rawP50Ms / p50Ms).toFixed(0)}× faster`,
      );
    };
    say('\nReports over the 12 months:');
    await compare(
      'summary (account)',
      () => reports.summary(ACCOUNT, window),
      () => query.totals(ACCOUNT, 'account', 0, window, false),
    );
    await compare(
      'summary (agent)',
      () => reports.summary(ACCOUNT, { ...window, type: 'agent', id: agent }),
      () => query.totals(ACCOUNT, 'agent', agent, window, false),
    );
    await compare(
      'conversations, daily series',
      () => reports.series(ACCOUNT, { ...window, metric: 'conversations_count', group_by: 'day' }),
      () => query.series(ACCOUNT, 'account', 0, window, 'day', { offsetMinutes: 0 }, 'none'),
    );
    await compare(
      'agents_summary',
      () => reports.entitySummaries(ACCOUNT, 'agent', window),
      () => query.perEntity(ACCOUNT, 'agent', window, false),
    );

    const met = {
      p50: rows.every((row) => row.p50Ms <= TARGETS.maxP50Ms),
      speedup: rows.every((row) => row.speedup >= TARGETS.minSpeedup),
      ingestion: eventsPerSecond >= TARGETS.minEventsPerSecond,
    };
    say(
      `\nTargets: p50 ≤ ${TARGETS.maxP50Ms} ms ${met.p50 ? 'met' : 'MISSED'}; ≥ ${TARGETS.minSpeedup}× the raw aggregate ${met.speedup ? 'met' : 'MISSED'}; ingestion ≥ ${TARGETS.minEventsPerSecond} events/s ${met.ingestion ? 'met' : 'MISSED'}`,
    );
    say(
      `Report: ${writeReport(process.cwd(), 'reports', { conversations: CONVERSATIONS, events, facts, rollups, ingestion_events_per_second: eventsPerSecond, reports: rows, targets: TARGETS, met })}`,
    );
  } finally {
    if (db.isInitialized) await db.destroy();
    if (process.env.BENCH_REPORT_KEEP_DATABASE) say(`Kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exitCode = 1;
});
