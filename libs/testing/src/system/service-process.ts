import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

export interface ServiceProcessOptions {
  name: string;
  /** The compiled entry point, e.g. dist/apps/messaging/src/main.js. */
  script: string;
  cwd: string;
  env: Record<string, string>;
  /** Options for node itself (those NODE_OPTIONS refuses, e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** Where it answers HTTP: readiness (services) or liveness (gateway). */
  readyUrl: string;
  /** Append output to this file; without it, output goes to this process's stdout/stderr. */
  logFile?: string;
  /** Told when the process ends without having been asked to stop (a crash, a kill -9). */
  onCrash?: (exit: { code: number | null; signal: NodeJS.Signals | null }) => void;
}

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

/** One running deployable of the system, which can be stopped, crashed and started again. */
export class ServiceProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  private stopping = false;
  /** The child that reported ready: only its unexpected end is a crash (a failed start rejects start()). */
  private readyChild: ChildProcess | null = null;

  constructor(private readonly options: ServiceProcessOptions) {}

  get name(): string {
    return this.options.name;
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts it (with extra settings for this run only) and waits until it reports ready. */
  async start(extraEnv: Record<string, string> = {}): Promise<void> {
    if (this.running) throw new Error(`${this.name} is already running`);
    // The child appends to its log file itself: a line is in the file as soon as it is written,
    // however busy this process is (piped through it, lines waited for its event loop).
    const log = this.options.logFile ? openSync(this.options.logFile, 'a') : null;
    let child: ChildProcess;
    try {
      child = spawn(process.execPath, [...(this.options.nodeArgs ?? []), this.options.script], {
        cwd: this.options.cwd,
        env: { ...process.env, ...this.options.env, ...extraEnv },
        // The IPC channel is how the child learns that this process died (even by SIGKILL): it then stops too.
        stdio: log === null ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', log, log, 'ipc'],
      });
    } finally {
      // The child holds its own copy of the descriptor.
      if (log !== null) closeSync(log);
    }
    child.channel?.unref();
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        resolve(code);
        if (!this.stopping && this.readyChild === child) this.options.onCrash?.({ code, signal });
      }),
    );
    await this.waitUntilReady(child);
    this.readyChild = child;
  }

  /** Asks it to stop (SIGTERM: graceful) and waits for the process to end. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (!child || !this.running) return null;
    this.stopping = true;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    const code = await this.exited;
    clearTimeout(timer);
    this.stopping = false;
    this.child = null;
    return code;
  }

  /** Freezes the process (SIGSTOP): it stays connected but answers nothing — a hung service. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** The end of its log, to explain a failure. */
  tail(lines = 40): string {
    if (!this.options.logFile) return '';
    try {
      return readFileSync(this.options.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  private async waitUntilReady(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let died = false;
    void this.exited.then(() => (died = true));
    while (Date.now() < deadline) {
      if (died || child.exitCode !== null) {
        throw new Error(`${this.name} exited during start-up (code ${child.exitCode}).\n${this.tail()}`);
      }
      try {
        const response = await fetch(this.options.readyUrl, { signal: AbortSignal.timeout(1000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGKILL');
    throw new Error(`${this.name} was not ready within ${READY_TIMEOUT_MS} ms.\n${this.tail()}`);
  }
}
