import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'nats';
import { freePort } from './free-port';

const READY_TIMEOUT_MS = 30_000;
/** Where Debian's `nats-server` package (and a manual install) put it: /usr/sbin is not on a non-root PATH. */
const NATS_SERVER_BINARIES = ['/usr/sbin/nats-server', '/usr/local/bin/nats-server'];

interface NatsNode {
  name: string;
  port: number;
  configFile: string;
  storeDir: string;
  logFile: string;
  child: ChildProcess | null;
}

/**
 * A NATS cluster of local nats-server processes with JetStream, routed on loopback, each with a
 * store directory of its own under one temporary directory: a run's own, never the shared NATS.
 * A node can be killed (SIGKILL) and brought back on its store, or on an empty one (a lost disk).
 */
export class NatsCluster {
  private constructor(
    private readonly nodes: NatsNode[],
    private readonly root: string,
    private readonly binary: string,
  ) {}

  static async start(options: { size?: number; binary?: string; logDir?: string } = {}): Promise<NatsCluster> {
    const size = options.size ?? 3;
    const root = mkdtempSync(join(tmpdir(), 'parley-nats-cluster-'));
    const clientPorts: number[] = [];
    const routePorts: number[] = [];
    for (let index = 0; index < size; index++) {
      clientPorts.push(await freePort());
      routePorts.push(await freePort());
    }
    const routes = routePorts.map((port) => `"nats-route://127.0.0.1:${port}"`).join(', ');
    const nodes = clientPorts.map((port, index): NatsNode => {
      const name = `n${index + 1}`;
      const storeDir = join(root, name, 'store');
      const configFile = join(root, name, 'nats.conf');
      mkdirSync(storeDir, { recursive: true });
      writeFileSync(
        configFile,
        [
          `server_name: ${name}`,
          `listen: "127.0.0.1:${port}"`,
          `jetstream { store_dir: "${storeDir}" }`,
          `cluster { name: parley_chaos, listen: "127.0.0.1:${routePorts[index]}", routes: [${routes}] }`,
        ].join('\n'),
      );
      const logFile = join(options.logDir ?? join(root, name), `nats-${name}.log`);
      return { name, port, configFile, storeDir, logFile, child: null };
    });
    const cluster = new NatsCluster(nodes, root, options.binary ?? process.env.NATS_SERVER_BIN ?? natsServerBinary());
    // Should the run itself die, its servers go with it.
    process.once('exit', () => nodes.forEach((node) => node.child?.kill('SIGKILL')));
    try {
      for (const node of nodes) cluster.spawn(node);
      await cluster.waitForJetStream();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  /** The seed list the services get as NATS_URL. */
  get url(): string {
    return this.nodes.map((node) => `nats://127.0.0.1:${node.port}`).join(',');
  }

  get nodeNames(): string[] {
    return this.nodes.map((node) => node.name);
  }

  /** The node dies at once (SIGKILL): its clients must move to the others. */
  async kill(name: string): Promise<void> {
    const node = this.node(name);
    const child = node.child;
    node.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Starts a killed node again, on its store or (`wipe`) on an empty one; waits until JetStream answers. */
  async restart(name: string, options: { wipe?: boolean } = {}): Promise<void> {
    const node = this.node(name);
    if (node.child) throw new Error(`NATS node ${name} is running`);
    if (options.wipe) {
      rmSync(node.storeDir, { recursive: true, force: true });
      mkdirSync(node.storeDir, { recursive: true });
    }
    this.spawn(node);
    await this.waitForJetStream(`nats://127.0.0.1:${node.port}`);
  }

  async stop(): Promise<void> {
    for (const node of this.nodes) await this.kill(node.name);
    rmSync(this.root, { recursive: true, force: true });
  }

  private node(name: string): NatsNode {
    const node = this.nodes.find((candidate) => candidate.name === name);
    if (!node) throw new Error(`no NATS node ${name}`);
    return node;
  }

  private spawn(node: NatsNode): void {
    const child = spawn(this.binary, ['-c', node.configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    const log = createWriteStream(node.logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    node.child = child;
  }

  /** JetStream answers (a meta leader is elected) through `servers`, the whole cluster by default. */
  private async waitForJetStream(servers = this.url): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let last = '';
    while (Date.now() < deadline) {
      for (const node of this.nodes) {
        if (node.child && node.child.exitCode !== null) throw new Error(`nats-server ${node.name} exited`);
      }
      try {
        const connection = await connect({ servers: servers.split(','), timeout: 1000, reconnect: false });
        try {
          await (await connection.jetstreamManager({ timeout: 1000 })).getAccountInfo();
          return;
        } finally {
          await connection.close();
        }
      } catch (error) {
        last = (error as Error).message;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the NATS cluster was not ready within ${READY_TIMEOUT_MS} ms: ${last}`);
  }
}

function natsServerBinary(): string {
  return NATS_SERVER_BINARIES.find((path) => existsSync(path)) ?? 'nats-server';
}
