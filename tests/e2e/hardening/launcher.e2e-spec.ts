import { dropRunDatabase, eventually, freePort, readE2eState } from '@parley/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A process's parent pid and state, from /proc (Linux); null once it is gone. */
function processInfo(pid: number): { ppid: number; state: string } | null {
  try {
    // "pid (comm) state ppid …"; comm may hold spaces and parentheses, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(ppid), state };
  } catch {
    return null;
  }
}

function childrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => processInfo(pid)?.ppid === parent);
}

/** Exited: no such process, or a zombie waiting for whoever adopted it to reap it. */
const isGone = (pid: number) => ['Z', 'X', undefined].includes(processInfo(pid)?.state);

/**
 * `npm start`'s launcher (built to dist/tools/start.js) brings back a service that was killed,
 * and takes its services with it when it is killed itself.
 */
describe('the npm start launcher', () => {
  const state = readE2eState();
  const databaseName = `${new URL(state.databaseUrl).pathname.slice(1)}_launcher`;
  const adminUrl = Object.assign(new URL(state.databaseUrl), { pathname: '/postgres' }).toString();
  const platformToken = randomBytes(24).toString('base64url');
  let launcher: ChildProcess;
  let output = '';
  let gatewayUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    gatewayUrl = `http://127.0.0.1:${port}`;
    launcher = spawn(process.execPath, [join(process.cwd(), 'dist', 'tools', 'start.js')], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        DATABASE_URL: Object.assign(new URL(state.databaseUrl), { pathname: `/${databaseName}` }).toString(),
        NATS_URL: state.natsUrl,
        NATS_NAMESPACE: `${state.namespace}_launcher`,
        PORT: String(port),
        HEALTH_PORTS: 'any',
        PARLEY_STATE_DIR: join(state.logDir, 'launcher'),
        PLATFORM_API_TOKEN: platformToken,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await eventually(() => expect(output).toContain('Parley is running'), {
      timeoutMs: 60_000,
      intervalMs: 200,
      description: 'the launcher started the system',
    });
  }, 90_000);

  afterAll(async () => {
    if (launcher && launcher.exitCode === null && launcher.signalCode === null) {
      const exited = new Promise((resolve) => launcher.once('exit', resolve));
      launcher.kill('SIGTERM');
      await exited;
    }
    await dropRunDatabase(adminUrl, databaseName).catch(() => undefined);
  }, 60_000);

  it('restarts a service killed with SIGKILL, which then serves again', async () => {
    const pid = Number(/^\s+messaging\s+up\s+pid (\d+)$/m.exec(output)?.[1]);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    await eventually(
      () => expect(output).toMatch(/messaging stopped unexpectedly \(signal SIGKILL\); restarting in 1 s/),
      { timeoutMs: 10_000 },
    );
    await eventually(() => expect(output).toMatch(/messaging is running again \(pid \d+\)/), {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    const restartedPid = Number(/messaging is running again \(pid (\d+)\)/.exec(output)![1]);
    expect(restartedPid).not.toBe(pid);
    // The Platform API is served by messaging: an account can be created again.
    const created = await fetch(`${gatewayUrl}/platform/api/v1/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', api_access_token: platformToken },
      body: JSON.stringify({ name: 'After the crash' }),
    });
    expect(created.status).toBe(201);
  });

  // Last: it ends the launcher.
  it('leaves no service running when the launcher is killed with SIGKILL (which it cannot pass on)', async () => {
    const children = childrenOf(launcher.pid!);
    // Every backend service and the gateway.
    expect(children.length).toBeGreaterThanOrEqual(8);
    const exited = new Promise((resolve) => launcher.once('exit', resolve));
    launcher.kill('SIGKILL');
    await exited;
    await eventually(() => expect(children.filter((pid) => !isGone(pid))).toEqual([]), {
      timeoutMs: 20_000,
      intervalMs: 100,
      description: "the launcher's children exited after it",
    });
  });
});
