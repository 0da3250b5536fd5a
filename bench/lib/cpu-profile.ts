import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads the `.cpuprofile` files that `node --cpu-prof` wrote and names where each process
 * spent its own (self) time: by function and by package, so a profile can be compared before
 * and after a change without opening a viewer.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  /** µs on the monotonic clock every process shares (process.hrtime's). */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stretch of a benchmark, in µs on the profiles' clock. */
export interface ProfileWindow {
  name: string;
  fromUs: number;
  toUs: number;
}

export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

export interface ProcessProfile {
  process: string;
  file: string;
  totalMs: number;
  functions: SelfTime[];
  packages: SelfTime[];
}

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

/** Which deployable a profile came from: the app whose compiled files it ran most. */
function processOf(nodes: ProfileNode[]): string {
  const seen = new Map<string, number>();
  for (const node of nodes) {
    const app = /\/dist\/apps\/([^/]+)\//.exec(node.callFrame.url)?.[1];
    if (app) seen.set(app, (seen.get(app) ?? 0) + 1);
  }
  return [...seen].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'unknown';
}

/** `node_modules/@scope/name`, `node:internal`, or the project's own folder. */
function packageOf(url: string, functionName: string): string {
  if (!url) return IDLE.has(functionName) ? functionName : '(native)';
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (module) return module;
  if (url.startsWith('node:')) return 'node (core)';
  const own = /\/dist\/((?:apps|libs)\/[^/]+)\//.exec(url)?.[1];
  return own ?? url;
}

function top(totals: Map<string, number>, totalMs: number, count: number): SelfTime[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, ms: us / 1000, share: us / 1000 / totalMs }));
}

/** The process's top self time; within `window` only, when given (its samples taken then). */
export function readProfile(file: string, count = 15, window?: ProfileWindow): ProcessProfile {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const us = profile.timeDeltas[index] ?? 0;
    at += us;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + us);
  });
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    busyUs += us;
    const where = url ? `${url.replace(/^.*\/(node_modules|dist)\//, '')}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'} ${where}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + us);
    const pkg = packageOf(url, functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const totalMs = busyUs / 1000;
  return {
    process: processOf(profile.nodes),
    file,
    totalMs,
    functions: top(functions, totalMs, count),
    packages: top(packages, totalMs, count),
  };
}

export function readProfiles(directory: string, window?: ProfileWindow): ProcessProfile[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => readProfile(join(directory, name), 15, window))
    .filter((profile) => profile.totalMs > 0)
    .sort((a, b) => b.totalMs - a.totalMs);
}

/** `windowMs`: the stretch the profile was read over, to show the busy time as a share of one core. */
export function formatProfile(profile: ProcessProfile, windowMs?: number): string {
  const line = (entry: SelfTime) =>
    `    ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.ms.toFixed(0).padStart(7)} ms  ${entry.name}`;
  const ofCore = windowMs ? `, ${((profile.totalMs / windowMs) * 100).toFixed(0)} % of one core` : '';
  return [
    `${profile.process}: ${profile.totalMs.toFixed(0)} ms busy (self time, idle excluded${ofCore})`,
    '  by package',
    ...profile.packages.map(line),
    '  by function',
    ...profile.functions.map(line),
  ].join('\n');
}

export interface Profiling {
  /** Makes every service write a profile into this run's directory; unset when not profiling. */
  nodeArgs?: string[];
  /** Runs `work`; the report then reads the profiles over its time as well. */
  phase<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Each process's top self time: over each phase, else over the whole run. */
  report(): string[];
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * `--cpu-prof` for a benchmark. A profile's time is wall-clock time the process was not idle, so
 * on a busy machine its waits for a CPU count too; the per-process CPU shares the benchmarks
 * print are the CPU itself.
 */
export function profiling(rootDir: string, enabled: boolean): Profiling {
  if (!enabled) return { phase: (_name, work) => work(), report: () => [] };
  const directory = join(rootDir, 'tmp', 'bench', `profiles-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(directory, { recursive: true });
  const windows: ProfileWindow[] = [];
  return {
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${directory}`],
    async phase(name, work) {
      const fromUs = nowUs();
      try {
        return await work();
      } finally {
        windows.push({ name, fromUs, toUs: nowUs() });
      }
    },
    report: () => {
      if (windows.length === 0)
        return [
          `\nWhere the time went (profiles in ${directory}, whole process lifetime: start-up and seeding included)`,
          ...readProfiles(directory).map((profile) => formatProfile(profile)),
        ];
      return windows.flatMap((window) => {
        const windowMs = (window.toUs - window.fromUs) / 1000;
        return [
          `\nWhere the time went during ${window.name} (${(windowMs / 1000).toFixed(1)} s; profiles in ${directory})`,
          ...readProfiles(directory, window).map((profile) => formatProfile(profile, windowMs)),
        ];
      });
    },
  };
}
