import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

/**
 * A PostgreSQL server of a run's own (initdb into a temporary directory, pg_ctl on a free
 * loopback port), so that a fault run can restart it without touching the shared server other
 * runs use. As root, the server runs as the `postgres` user (initdb refuses root).
 */
export class ScratchPostgres {
  private constructor(
    private readonly binDir: string,
    private readonly dataDir: string,
    private readonly root: string,
    readonly port: number,
    private readonly runAs: string | null,
  ) {}

  static async start(options: { binDir?: string; user?: string } = {}): Promise<ScratchPostgres> {
    const binDir = options.binDir ?? process.env.PG_BIN_DIR ?? newestInstalledBinDir();
    const runAs = process.getuid?.() === 0 ? (options.user ?? 'postgres') : null;
    const root = mkdtempSync(join(tmpdir(), 'parley-scratch-pg-'));
    if (runAs) chownSync(root, uidOf(runAs), gidOf(runAs));
    const port = await freePort();
    const server = new ScratchPostgres(binDir, join(root, 'data'), root, port, runAs);
    await server.run('initdb', ['-D', server.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await server.startServer();
    // Should the run itself die, its server goes with it (SIGQUIT: PostgreSQL's immediate shutdown).
    process.once('exit', () => server.quitNow());
    return server;
  }

  /** The administrator's URL (trust on loopback, as the shared server). */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Stops the server the hard way (every connection dropped, crash recovery on start) and starts it again. */
  async restart(mode: 'immediate' | 'fast' = 'immediate'): Promise<void> {
    await this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
    await this.startServer();
  }

  async stop(): Promise<void> {
    try {
      await this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(this.root, { recursive: true, force: true });
    }
  }

  private quitNow(): void {
    try {
      const pid = Number(readFileSync(join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGQUIT');
    } catch {
      // already stopped
    }
  }

  private async startServer(): Promise<void> {
    const settings = [
      `-p ${this.port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${this.root}`,
      '-c max_connections=300',
      // A throw-away server: durability against an OS crash is not what a run tests.
      '-c fsync=off',
    ].join(' ');
    await this.run('pg_ctl', ['-D', this.dataDir, '-o', settings, '-l', join(this.root, 'server.log'), '-w', 'start']);
  }

  private async run(tool: string, args: string[]): Promise<void> {
    const command = join(this.binDir, tool);
    try {
      await (this.runAs ? run('runuser', ['-u', this.runAs, '--', command, ...args]) : run(command, args));
    } catch (error) {
      const failure = error as Error & { stderr?: string };
      throw new Error(`${tool} failed: ${failure.stderr || failure.message}`);
    }
  }
}

const run = promisify(execFile);

function newestInstalledBinDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error('no PostgreSQL server binaries found: set PG_BIN_DIR');
  return join(base, versions[0], 'bin');
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}

function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}
