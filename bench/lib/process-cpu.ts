import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Processes counted together, e.g. every PostgreSQL backend of the run's database. */
export interface ProcessGroup {
  name: string;
  match: (process: { pid: number; cmdline: string; environ: () => string }) => boolean;
}

export interface CpuShare {
  name: string;
  /** Percent of one core over the window (200 = both cores of a two-core machine). */
  percentOfCore: number;
  /** CPU time used over the window, in milliseconds. */
  cpuMs: number;
  /**
   * Times its threads went to sleep over the window (voluntary context switches), each ended by a
   * wake: how many hand-overs the work took. On a virtual machine each wake of a process costs
   * far more than the little work a hand-over does (docs/performance.md, seventeenth pass). None
   * for the machine: the kernel counts no machine-wide voluntary switches.
   */
  wakes?: number;
}

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

function read(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function pids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number);
  } catch {
    return [];
  }
}

/** User + system ticks of one process (fields 14 and 15 of /proc/<pid>/stat, after the parenthesised name). */
function ticksOf(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.length > 13 ? Number(fields[11]) + Number(fields[12]) : 0;
}

/** Voluntary context switches of all of a process's threads (0 once it is gone). */
function wakesOf(pid: number): number {
  let total = 0;
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  for (const task of tasks) {
    const match = /^voluntary_ctxt_switches:\s+(\d+)$/m.exec(read(`/proc/${pid}/task/${task}/status`));
    total += match ? Number(match[1]) : 0;
  }
  return total;
}

/** Busy and total ticks of the whole machine, every process of everyone included. */
function machineTicks(): { busy: number; total: number } {
  const [line] = read('/proc/stat').split('\n');
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/**
 * Where the CPU went during a measured phase: per group of processes (Linux /proc only; on
 * other systems every figure is 0). Processes that start inside the window count from their
 * start; those that end inside it are not counted.
 */
export class CpuSampler {
  private readonly members: Array<{ group: string; pid: number; ticks: number; wakes: number }> = [];
  private readonly startedAt = performance.now();
  private readonly machine = machineTicks();

  constructor(private readonly groups: ProcessGroup[]) {
    for (const { group, pid } of this.matching())
      this.members.push({ group, pid, ticks: ticksOf(pid), wakes: wakesOf(pid) });
  }

  /** The processes of the groups running now, each with the first group it matches. */
  private matching(): Array<{ group: string; pid: number }> {
    const found: Array<{ group: string; pid: number }> = [];
    for (const pid of pids()) {
      const cmdline = read(`/proc/${pid}/cmdline`).replace(/\0/g, ' ');
      const environ = () => read(`/proc/${pid}/environ`).replace(/\0/g, '\n');
      const group = this.groups.find((candidate) => candidate.match({ pid, cmdline, environ }));
      if (group) found.push({ group: group.name, pid });
    }
    return found;
  }

  /** Shares since the sampler was made, plus the machine's total busy share (`machine`). */
  stop(): CpuShare[] {
    const seconds = (performance.now() - this.startedAt) / 1000;
    // Processes started inside the window (e.g. database connections a pool opened under load) count from their start.
    const known = new Set(this.members.map((member) => member.pid));
    const started = this.matching()
      .filter(({ pid }) => !known.has(pid))
      .map(({ group, pid }) => ({ group, pid, ticks: 0, wakes: 0 }));
    const members = [...this.members, ...started];
    const shares: CpuShare[] = this.groups.map((group) => {
      const ofGroup = members.filter((member) => member.group === group.name);
      const ticks = ofGroup.reduce((sum, member) => sum + Math.max(0, ticksOf(member.pid) - member.ticks), 0);
      return {
        name: group.name,
        percentOfCore: Math.round((ticks / TICKS_PER_SECOND / seconds) * 100),
        cpuMs: (ticks / TICKS_PER_SECOND) * 1000,
        wakes: ofGroup.reduce((sum, member) => sum + Math.max(0, wakesOf(member.pid) - member.wakes), 0),
      };
    });
    const machine = machineTicks();
    const total = machine.total - this.machine.total;
    const cores = cpus().length;
    shares.push({
      name: 'machine (everyone)',
      percentOfCore: total > 0 ? Math.round(((machine.busy - this.machine.busy) / total) * 100 * cores) : 0,
      cpuMs: ((machine.busy - this.machine.busy) / TICKS_PER_SECOND) * 1000,
    });
    return shares;
  }
}

/**
 * The processes of one benchmark run: each named service on its own, the run's other services
 * together, its database backends, NATS (shared with anyone else on the machine, unless `natsUrl`
 * names a server of the benchmark's own on a port other than 4222) and the benchmark itself, then
 * any extra groups.
 */
export function runProcessGroups(
  run: { namespace: string; databaseName: string },
  services: string[],
  extra: ProcessGroup[] = [],
  natsUrl?: string,
): ProcessGroup[] {
  const ofThisRun = (environ: () => string) => environ().includes(`NATS_NAMESPACE=${run.namespace}\n`);
  const natsPort = natsUrl ? new URL(natsUrl).port : '';
  const ownNats = natsPort !== '' && natsPort !== '4222';
  return [
    ...services.map((service) => ({
      name: service,
      match: ({ cmdline, environ }: Parameters<ProcessGroup['match']>[0]) =>
        cmdline.includes(`/apps/${service}/src/main.js`) && ofThisRun(environ),
    })),
    { name: 'other services', match: ({ cmdline, environ }) => cmdline.includes('/dist/apps/') && ofThisRun(environ) },
    {
      name: 'postgres (run db)',
      match: ({ cmdline }) => cmdline.startsWith('postgres:') && cmdline.includes(` ${run.databaseName} `),
    },
    {
      name: ownNats ? 'nats-server (own)' : 'nats-server (shared)',
      match: ({ cmdline }) => cmdline.includes('nats-server') && (!ownNats || cmdline.includes(` ${natsPort}`)),
    },
    { name: 'benchmark', match: ({ pid }) => pid === process.pid },
    ...extra,
  ];
}

/** "name 8.5, name 4.0, …, all of these 40.1": each group's wakes per unit of work (a message, an event), their total last. */
export function wakesSummary(shares: CpuShare[], units: number): string {
  const woken = shares.filter((share) => (share.wakes ?? 0) > 0);
  const total = woken.reduce((sum, share) => sum + share.wakes!, 0);
  return [
    ...woken.map((share) => `${share.name} ${(share.wakes! / units).toFixed(1)}`),
    `all of these ${(total / units).toFixed(1)}`,
  ].join(', ');
}

/** "name 85, name 40, …" in percent of one core. */
export function cpuSummary(shares: CpuShare[]): string {
  return shares.map((share) => `${share.name} ${share.percentOfCore}`).join(', ');
}
