import { BACKEND_SERVICES } from '@parley/contracts';
import { eventually, NatsCluster, RoundRobinProxy, ScratchPostgres, type RunningSystem } from '@parley/testing';
import { connect } from 'nats';
import { Pool } from 'pg';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ClusterLedger, type Deliveries, type Phase, type PhaseLedger } from './cluster-ledger';
import { ChaosClient } from './chaos-client';
import { createChaosWorkspace, startLoad, type Attempt, type Workspace } from './cluster-workload';
import { DeliverySink } from './delivery-sink';
import { machine, say, withBenchRun, writeReport, type BenchRun } from './run';

/** How long each part of a run lasts: the short form runs in CI. */
const SIZES = {
  short: { steadyMs: 4_000, outageMs: 4_000, conversations: 4, audience: 3, writers: 2, settleMs: 240_000 },
  full: { steadyMs: 20_000, outageMs: 10_000, conversations: 20, audience: 10, writers: 4, settleMs: 300_000 },
};
const RECOVERY_LIMIT_MS = 90_000;
/** The dispatcher's settings in this run: an attempt cut short by a kill is made again when its lease ends. */
const WEBHOOK_LEASE = { timeoutMs: 5_000, leaseMs: 20_000 };

interface Fault {
  name: string;
  inject: () => Promise<void>;
  /** What the run itself heals after the outage (a NATS node); services come back by the launcher's supervisor. */
  heal?: () => Promise<void>;
  /** Everything killed is back. */
  back: () => boolean;
}

/**
 * `npm run chaos -- --cluster`: Parley on a three-node NATS cluster (R3 streams and consumers), a
 * PostgreSQL of the run's own, two replicas of every service and two gateways behind a
 * round-robin balancer, under a load of every write with side effects, while one NATS node dies
 * and comes back (then another with its disk lost), one replica of each service and one gateway
 * are killed, and PostgreSQL restarts. Prints per phase what was lost or done twice (all 0) and
 * how long recovery took; answers whether the run passed.
 */
export async function runClusterChaos(rootDir: string, short: boolean): Promise<boolean> {
  const size = short ? SIZES.short : SIZES.full;
  say(`Cluster chaos (${short ? 'short' : 'full'} form): starting PostgreSQL and three NATS nodes of the run's own …`);
  const postgres = await ScratchPostgres.start();
  let nats: NatsCluster | null = null;
  let sink: DeliverySink | null = null;
  try {
    nats = await NatsCluster.start({ size: 3 });
    sink = await DeliverySink.start(join(rootDir, 'tmp', 'bench', `cluster-chaos-certs-${Date.now()}`));
    const cluster = nats;
    const receiver = sink;
    return await withBenchRun(
      {
        rootDir,
        adminDatabaseUrl: postgres.url,
        natsUrl: cluster.url,
        supervise: (line) => say(`  supervisor: ${line}`),
        env: {
          NATS_STREAM_REPLICAS: '3',
          WEBHOOK_ALLOWED_HOSTS: receiver.hostAndPort,
          NODE_EXTRA_CA_CERTS: receiver.caCertPath,
          RPC_TIMEOUT_MS: '3000',
          SHUTDOWN_GRACE_MS: '3000',
          DB_POOL_SIZE: '5',
          WEBHOOK_TIMEOUT_MS: String(WEBHOOK_LEASE.timeoutMs),
          WEBHOOK_LEASE_MS: String(WEBHOOK_LEASE.leaseMs),
          // A Kanban "hour" lasts a second: each card's time-in-stage timer fires a second after it is made.
          KANBAN_HOUR_MS: '1000',
        },
      },
      (run) => chaos(run, { cluster, postgres, sink: receiver, size, short }),
    );
  } finally {
    await sink?.stop();
    await nats?.stop();
    await postgres.stop();
  }
}

async function chaos(
  run: BenchRun,
  context: {
    cluster: NatsCluster;
    postgres: ScratchPostgres;
    sink: DeliverySink;
    size: (typeof SIZES)['full'];
    short: boolean;
  },
): Promise<boolean> {
  const { cluster, postgres, sink, size } = context;
  const system = run.system;
  run.db.on('error', () => undefined); // it is cut by the PostgreSQL restart; the ledger uses a pool
  say('Starting a second replica of every service and a second gateway …');
  await Promise.all([...BACKEND_SERVICES, 'gateway' as const].map((service) => system.startReplica(service)));
  const port = (name: string) => Number(new URL(system.healthUrls[name]).port);
  const balancer = new RoundRobinProxy([
    { host: '127.0.0.1', port: port('gateway') },
    { host: '127.0.0.1', port: port('gateway-replica-1') },
  ]);
  await balancer.start();
  try {
    const client = new ChaosClient(balancer.url);
    const workspace = await createChaosWorkspace(client, run.platformApiToken, sink.url(1), size);
    const dispatcherKills: number[] = [];
    const faults = faultsOf(system, cluster, postgres, run.namespace, size, dispatcherKills);
    return await underLoad(run, client, workspace, context, faults, dispatcherKills);
  } finally {
    await balancer.stop();
  }
}

function faultsOf(
  system: RunningSystem,
  cluster: NatsCluster,
  postgres: ScratchPostgres,
  namespace: string,
  size: (typeof SIZES)['full'],
  dispatcherKills: number[],
): Fault[] {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const kill = (name: 'gateway' | (typeof BACKEND_SERVICES)[number]) => {
    const pid = system.service(name).pid;
    if (name === 'webhook-dispatcher') dispatcherKills.push(Date.now());
    if (pid) process.kill(pid, 'SIGKILL');
  };
  const natsNode = (wipe: boolean): Fault => {
    let victim = '';
    return {
      name: wipe
        ? 'a NATS node lost with its disk (killed, back empty)'
        : 'the events stream leader (a NATS node) killed, back later',
      inject: async () => {
        const leader = await streamLeader(cluster.url, namespace);
        // The leader first (the hardest case), then another node for the lost disk.
        victim = wipe ? (cluster.nodeNames.find((name) => name !== leader) ?? leader) : leader;
        say(`  killing NATS node ${victim}${wipe ? ' (its store is wiped before it comes back)' : ''}`);
        await cluster.kill(victim);
      },
      heal: async () => {
        await pause(size.outageMs);
        await cluster.restart(victim, { wipe });
      },
      back: () => true,
    };
  };
  return [
    { name: 'steady load, no fault', inject: async () => undefined, back: () => true },
    natsNode(false),
    natsNode(true),
    {
      name: 'one replica of each service killed (SIGKILL)',
      inject: async () => BACKEND_SERVICES.forEach(kill),
      back: () => BACKEND_SERVICES.every((service) => system.service(service).running),
    },
    {
      name: 'one gateway killed (SIGKILL)',
      inject: async () => kill('gateway'),
      back: () => system.service('gateway').running,
    },
    {
      name: 'PostgreSQL restarted (immediate shutdown)',
      inject: () => postgres.restart('immediate'),
      back: () => true,
    },
  ];
}

async function underLoad(
  run: BenchRun,
  client: ChaosClient,
  workspace: Workspace,
  context: { sink: DeliverySink; size: (typeof SIZES)['full']; short: boolean },
  faults: Fault[],
  dispatcherKills: number[],
): Promise<boolean> {
  const { sink, size } = context;
  await sink.take(); // the set-up's events are not part of the ledger
  const deliveries: Deliveries = new Map();
  let collecting = true;
  const collector = (async () => {
    while (collecting) {
      for (const arrival of await sink.take())
        deliveries.set(arrival.eventId, [...(deliveries.get(arrival.eventId) ?? []), arrival.at]);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  const attempts: Attempt[] = [];
  const phases: Phase[] = [];
  const loadStartedAt = new Date();
  const load = startLoad(client, workspace, attempts, {
    messageWriters: size.writers,
    campaignEveryMs: 3_000,
    cardEveryMs: 400,
    importEveryMs: 2_000,
  });
  const probe = async () =>
    (
      await client.call(
        `/api/v1/accounts/${workspace.accountId}/conversations/${workspace.conversations[0]}/messages`,
        workspace.token,
        { content: 'probe', message_type: 'outgoing', echo_id: randomUUID() },
      )
    ).status === 201;
  try {
    for (const fault of faults) {
      say(`Phase: ${fault.name}`);
      const from = Date.now();
      await fault.inject();
      const healing = fault.heal?.();
      await eventually(
        async () => {
          if (!(await probe())) throw new Error('not yet');
        },
        { timeoutMs: RECOVERY_LIMIT_MS, intervalMs: 250, description: `a write during ${fault.name}` },
      );
      const writing = Date.now();
      await healing;
      await eventually(
        async () => {
          if (!fault.back() || !(await probe())) throw new Error('not yet');
        },
        { timeoutMs: RECOVERY_LIMIT_MS, intervalMs: 250, description: `recovery from ${fault.name}` },
      );
      const recovered = Date.now();
      await new Promise((resolve) => setTimeout(resolve, size.steadyMs));
      const to = Date.now();
      phases.push({
        name: fault.name,
        from,
        to,
        writesBackSeconds: (writing - from) / 1000,
        recoverySeconds: (recovered - from) / 1000,
        requestsFailed: attempts.filter(
          (attempt) => attempt.at >= from && attempt.at < to && !(attempt.status >= 200 && attempt.status < 300),
        ).length,
      });
    }
  } finally {
    await load.stop();
  }

  // The run's own connection died with the PostgreSQL restart; a pool connects again.
  const db = new Pool({ connectionString: run.databaseUrl, max: 2 });
  db.on('error', () => undefined);
  const ledger = new ClusterLedger(
    db,
    workspace,
    attempts,
    phases,
    deliveries,
    loadStartedAt,
    dispatcherKills,
    WEBHOOK_LEASE,
  );
  say('Load stopped; waiting for every accepted write to have its effects …');
  const settleStarted = Date.now();
  await eventually(
    async () => {
      const open = await ledger.outstanding();
      if (Object.keys(open).length > 0) throw new Error(`still outstanding: ${JSON.stringify(open)}`);
    },
    { timeoutMs: size.settleMs, intervalMs: 2000, description: 'every effect in place' },
  ).catch((error: Error) => say(error.message));
  // Late duplicates would arrive now: a short wait after the last effect before counting.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  collecting = false;
  await collector;
  const settleSeconds = (Date.now() - settleStarted) / 1000;
  const results = await ledger.perPhase();
  await db.end();
  for (const note of ledger.notes) say(`  duplicate: ${note}`);
  for (const phase of phases)
    say(`  phase "${phase.name}": ${new Date(phase.from).toISOString()} – ${new Date(phase.to).toISOString()}`);
  return report(run, context.short, attempts, phases, results, settleSeconds);
}

function report(
  run: BenchRun,
  short: boolean,
  attempts: Attempt[],
  phases: Phase[],
  results: PhaseLedger[],
  settleSeconds: number,
): boolean {
  const ok = attempts.filter((attempt) => attempt.status >= 200 && attempt.status < 300);
  const byKind = (list: Attempt[]) =>
    ['message', 'contact', 'campaign', 'card', 'import']
      .map((kind) => `${list.filter((attempt) => attempt.kind === kind).length} ${kind}s`)
      .join(', ');
  say(`\nCluster chaos (${short ? 'short' : 'full'}) on ${machine()}`);
  say(
    `Load: ${attempts.length} writes, ${ok.length} accepted (${byKind(ok)}); effects settled ${settleSeconds.toFixed(1)} s after the load stopped`,
  );
  say(
    '| phase | accepted writes lost | events lost | duplicated side effects | writes succeed again after (s) | recovery (s) | requests failed | webhooks resent in doubt |',
  );
  say('|---|---|---|---|---|---|---|---|');
  phases.forEach((phase, index) => {
    const result = results[index];
    say(
      `| ${phase.name} | ${result.writesLost} | ${result.eventsLost} | ${result.duplicates} | ${phase.writesBackSeconds.toFixed(1)} | ${phase.recoverySeconds.toFixed(1)} | ${phase.requestsFailed} | ${result.inDoubtResends} |`,
    );
    const details = Object.entries(result.details).filter(([, count]) => count > 0);
    if (details.length > 0)
      say(`|   ↳ ${details.map(([what, count]) => `${what}: ${count}`).join(', ')} | | | | | | | |`);
  });
  const failures = new Map<string, number>();
  for (const attempt of attempts)
    if (!(attempt.status >= 200 && attempt.status < 300)) {
      const answer = `${attempt.kind} ${attempt.status || 'no answer'}`;
      failures.set(answer, (failures.get(answer) ?? 0) + 1);
    }
  say(
    `Failed requests by answer (not accepted, so owed nothing): ${[...failures].map(([answer, count]) => `${answer}: ${count}`).join(', ') || 'none'}`,
  );
  const file = writeReport(process.cwd(), short ? 'chaos-cluster-short' : 'chaos-cluster', {
    attempts: attempts.length,
    accepted: ok.length,
    settle_seconds: settleSeconds,
    phases: phases.map((phase, index) => ({
      name: phase.name,
      writes_back_seconds: phase.writesBackSeconds,
      recovery_seconds: phase.recoverySeconds,
      requests_failed: phase.requestsFailed,
      accepted_writes_lost: results[index].writesLost,
      events_lost: results[index].eventsLost,
      duplicated_side_effects: results[index].duplicates,
      webhooks_resent_in_doubt: results[index].inDoubtResends,
      details: results[index].details,
    })),
  });
  say(`Figures written to ${file}`);
  const passed = results.every(
    (result) => result.writesLost === 0 && result.eventsLost === 0 && result.duplicates === 0,
  );
  say(passed ? 'PASSED: nothing lost, nothing done twice' : 'FAILED: something was lost or done twice (see above)');
  return passed;
}

/** The NATS node that leads the run's events stream (its server name). */
async function streamLeader(servers: string, namespace: string): Promise<string> {
  const connection = await connect({ servers: servers.split(','), timeout: 3000 });
  try {
    const manager = await connection.jetstreamManager();
    const info = await manager.streams.info(`${namespace.toUpperCase()}_PARLEY_EVENTS`);
    return info.cluster?.leader ?? '';
  } finally {
    await connection.close();
  }
}
