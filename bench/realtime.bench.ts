import { execFileSync } from 'node:child_process';
import { WebSocket } from 'ws';
import { quantile } from './lib/quantile';
import { machine, say, withBenchRun, writeReport } from './lib/run';
import { createWorkspace } from './lib/workspace';

/**
 * `npm run bench:realtime`: `/cable` on one gateway — idle sockets held and the gateway's
 * resident memory with them; message 201 → frame at the agents (sent → frame, p50/p99) at a
 * steady rate with many connected agent sockets; and a resume of 1,000 missed events.
 * Sizes: BENCH_SOCKETS (10,000), BENCH_AGENTS (1,000), BENCH_RATE (100/s) for BENCH_SECONDS (10).
 */
const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 1_000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MISSED = 1_000;
/** The memory budget the README states for a gateway holding 10,000 idle sockets. */
const BUDGET_MIB = 512;

const rssMiB = (pid: number) =>
  Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' })) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw ActionCable socket: opened once `welcome` arrived. */
function openSocket(url: string, onFrame?: (frame: any) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, ['actioncable-v1-json']);
    let welcomed = false;
    socket.on('error', reject);
    socket.on('message', (raw) => {
      // Sockets nobody reads only wait for their welcome: the bench's own parsing stays off the shared cores.
      if (welcomed && !onFrame) return;
      const frame = JSON.parse(String(raw));
      if (frame.type === 'welcome') {
        welcomed = true;
        resolve(socket);
      } else if (frame.message) onFrame?.(frame.message);
    });
  });
}

async function main(): Promise<void> {
  const rootDir = process.cwd();
  say(`bench:realtime on ${machine()}`);
  const figures = await withBenchRun(
    {
      rootDir,
      adminDatabaseUrl: ADMIN_DATABASE_URL,
      natsUrl: NATS_URL,
      env: { REALTIME_MAX_SOCKETS_PER_IP: String(SOCKETS * 2), REALTIME_MAX_SOCKETS_PER_TOKEN: String(AGENTS + 10) },
    },
    async (run) => {
      const gatewayUrl = run.system.gatewayUrl;
      const cableUrl = `${gatewayUrl.replace(/^http/, 'ws')}/cable`;
      const workspace = await createWorkspace({
        gatewayUrl,
        platformApiToken: run.platformApiToken,
        natsUrl: NATS_URL,
        namespace: run.namespace,
        db: run.db,
      });
      const headers = { api_access_token: workspace.token, 'content-type': 'application/json' };
      const profile = (await (await fetch(`${gatewayUrl}/api/v1/profile`, { headers })).json()) as {
        pubsub_token: string;
      };
      const identifier = JSON.stringify({
        channel: 'RoomChannel',
        pubsub_token: profile.pubsub_token,
        account_id: workspace.accountId,
        user_id: workspace.adminId,
      });
      const gatewayPid = run.system.pids().gateway!;
      await sleep(2000);
      const idleBefore = rssMiB(gatewayPid);

      say(`Opening ${SOCKETS} idle sockets …`);
      const sockets: WebSocket[] = [];
      for (let opened = 0; opened < SOCKETS; opened += 500)
        sockets.push(
          ...(await Promise.all(Array.from({ length: Math.min(500, SOCKETS - opened) }, () => openSocket(cableUrl)))),
        );
      await sleep(3000);
      const idleWith = rssMiB(gatewayPid);
      say(`  gateway RSS ${idleBefore.toFixed(0)} MiB → ${idleWith.toFixed(0)} MiB with ${sockets.length} sockets`);

      say(`Subscribing ${AGENTS} of them as the agent, then ${RATE} messages/s for ${SECONDS} s …`);
      const arrivals = new Map<string, number>();
      let lastEventId = '';
      const measured = await openSocket(cableUrl, (message) => {
        if (message.event !== 'message.created') return;
        arrivals.set(message.data.content, performance.now());
        lastEventId = message.event_id;
      });
      const subscribed = [measured, ...sockets.slice(0, AGENTS - 1)];
      for (const socket of subscribed) socket.send(JSON.stringify({ command: 'subscribe', identifier }));
      await sleep(3000);
      const sent = new Map<string, number>();
      let refused = 0;
      const post = async (content: string) => {
        sent.set(content, performance.now());
        // An overloaded machine answers 504 now and then, or drops a connection: counted and left out.
        const status = await fetch(
          `${gatewayUrl}/api/v1/accounts/${workspace.accountId}/conversations/${workspace.conversation.displayId}/messages`,
          { method: 'POST', headers, body: JSON.stringify({ content }) },
        ).then(
          async (response) => (await response.text(), response.status),
          () => 0,
        );
        if (status !== 200 && status !== 201) {
          refused += 1;
          sent.delete(content);
        }
      };
      const writes: Array<Promise<void>> = [];
      const started = performance.now();
      for (let n = 0; n < RATE * SECONDS; n++) {
        const due = started + (n * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        writes.push(post(`live ${n}`));
      }
      await Promise.all(writes);
      const deadline = performance.now() + 30_000;
      while (arrivals.size < sent.size && performance.now() < deadline) await sleep(100);
      const latencies = [...sent]
        .filter(([content]) => arrivals.has(content))
        .map(([content, at]) => arrivals.get(content)! - at)
        .sort((a, b) => a - b);
      say(
        `  ${refused} creates refused;  ${latencies.length}/${sent.size} frames; p50 ${quantile(latencies, 0.5)} ms, p99 ${quantile(latencies, 0.99)} ms`,
      );

      const liveMessages = sent.size;
      const liveRefused = refused;
      say(`Resume of ${MISSED} missed events …`);
      const since = lastEventId;
      measured.close();
      for (let n = 0; n < MISSED; n += 20)
        await Promise.all(Array.from({ length: 20 }, (_, i) => post(`missed ${n + i}`)));
      await sleep(2000);
      let replayed = 0;
      const resumeStart = performance.now();
      let resumeEnd = 0;
      const resumer = await openSocket(cableUrl, (message) => {
        if (message.event === 'message.created' && String(message.data.content).startsWith('missed ')) {
          replayed += 1;
          if (replayed === MISSED) resumeEnd = performance.now();
        }
      });
      resumer.send(JSON.stringify({ command: 'subscribe', identifier }));
      await sleep(200);
      resumer.send(
        JSON.stringify({ command: 'message', identifier, data: JSON.stringify({ action: 'resume', since }) }),
      );
      const resumeDeadline = performance.now() + 60_000;
      while (replayed < MISSED && performance.now() < resumeDeadline) await sleep(20);
      const resumeMs = resumeEnd ? resumeEnd - resumeStart : NaN;
      say(`  ${replayed}/${MISSED} missed events replayed in ${resumeMs.toFixed(0)} ms`);
      for (const socket of [...sockets, resumer]) socket.terminate();
      return {
        idle_sockets: sockets.length,
        gateway_rss_mib: { before: Math.round(idleBefore), with_sockets: Math.round(idleWith), budget: BUDGET_MIB },
        kib_per_idle_socket: Math.round(((idleWith - idleBefore) * 1024) / sockets.length),
        live: {
          agents: AGENTS,
          rate_per_second: RATE,
          messages: liveMessages,
          refused: liveRefused,
          frames: latencies.length,
          p50_ms: quantile(latencies, 0.5),
          p99_ms: quantile(latencies, 0.99),
        },
        resume: { missed: MISSED, replayed, ms: Math.round(resumeMs), refused_writes: refused - liveRefused },
      };
    },
  );
  say(`Report: ${writeReport(rootDir, 'realtime', figures)}`);
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
