import { BACKEND_SERVICES, type ServiceName } from '@parley/contracts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../environment/free-port';
import { ServiceProcess } from './service-process';
import { Supervisor } from './supervisor';

export interface SystemOptions {
  rootDir: string;
  databaseUrl: string;
  natsUrl: string;
  namespace: string;
  platformApiToken: string;
  /** Fixed gateway port; a free one when omitted. */
  gatewayPort?: number;
  /** Backend health ports from the defaults (3101…) instead of free ones. */
  defaultPorts?: boolean;
  /** Log files go here; without it, output is shown on the console. */
  logDir?: string;
  env?: Record<string, string>;
  /** Options for node itself, for every service (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** Restart services that die on their own (the `npm start` launcher), reporting each event here. */
  supervise?: (line: string) => void;
}

const DEFAULT_HEALTH_PORT_BASE = 3101;
/**
 * V8's young generation capped at 4 MiB per semi-space (deploy/Dockerfile sets the same): an
 * idle service then holds ≈ 25 MiB less than with the 16 MiB default, which the start-up's
 * garbage otherwise keeps committed. NODE_OPTIONS in the environment replaces it.
 */
const SERVICE_NODE_OPTIONS = '--max-semi-space-size=4';
/**
 * Every API request passes through the gateway and most through messaging: 8 MiB for them
 * (deploy/k8s sets the same). With 4 MiB, collecting garbage took a quarter of messaging's time
 * while it listed conversations; 8 MiB costs them ≈ 20 MiB more each when idle.
 */
const REQUEST_PATH_NODE_OPTIONS = '--max-semi-space-size=8';
const REQUEST_PATH: ReadonlySet<ServiceName> = new Set(['gateway', 'messaging']);

function nodeOptionsOf(service: ServiceName): string {
  return process.env.NODE_OPTIONS ?? (REQUEST_PATH.has(service) ? REQUEST_PATH_NODE_OPTIONS : SERVICE_NODE_OPTIONS);
}

function envPrefix(service: string): string {
  return service.toUpperCase().replace(/-/g, '_');
}

/** The whole system as processes on this machine: every backend service and the gateway. */
export class RunningSystem {
  private readonly replicas = new Map<ServiceName, ServiceProcess[]>();

  private constructor(
    readonly gatewayUrl: string,
    private readonly processes: Map<ServiceName, ServiceProcess>,
    private readonly options: SystemOptions,
    private readonly sharedEnv: Record<string, string>,
    private readonly supervisors: Supervisor[],
    /** Where each deployable serves /health and /metrics (the gateway on its API port). */
    readonly healthUrls: Record<string, string>,
  ) {}

  static async start(options: SystemOptions): Promise<RunningSystem> {
    if (options.logDir) mkdirSync(options.logDir, { recursive: true });
    const processes = new Map<ServiceName, ServiceProcess>();
    const supervisors: Supervisor[] = [];
    const gatewayPort = options.gatewayPort ?? (await freePort());
    const shared: Record<string, string> = {
      DATABASE_URL: options.databaseUrl,
      NATS_URL: options.natsUrl,
      NATS_NAMESPACE: options.namespace,
      PLATFORM_API_TOKEN: options.platformApiToken,
      // Links the services hand out (attachments, invitations) point at this gateway.
      PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
      ...options.env,
    };
    const healthUrls: Record<string, string> = { gateway: `http://127.0.0.1:${gatewayPort}` };
    for (const [index, service] of BACKEND_SERVICES.entries()) {
      const port = options.defaultPorts ? DEFAULT_HEALTH_PORT_BASE + index : await freePort();
      healthUrls[service] = `http://127.0.0.1:${port}`;
      processes.set(
        service,
        RunningSystem.process(
          options,
          supervisors,
          service,
          { ...shared, [`${envPrefix(service)}_HEALTH_PORT`]: String(port) },
          `http://127.0.0.1:${port}/health/ready`,
        ),
      );
    }
    processes.set(
      'gateway',
      RunningSystem.process(
        options,
        supervisors,
        'gateway',
        { ...shared, PORT: String(gatewayPort) },
        `http://127.0.0.1:${gatewayPort}/health/live`,
      ),
    );

    const system = new RunningSystem(
      `http://127.0.0.1:${gatewayPort}`,
      processes,
      options,
      shared,
      supervisors,
      healthUrls,
    );
    try {
      // The gateway needs no backend to start (it asks them per request), so it starts beside
      // them: on a machine busy starting them, its own start fills a core they leave idle.
      await Promise.all([...processes.values()].map((process_) => process_.start()));
    } catch (error) {
      await system.stop();
      throw error;
    }
    return system;
  }

  private static process(
    options: SystemOptions,
    supervisors: Supervisor[],
    service: ServiceName,
    env: Record<string, string>,
    readyUrl: string,
    logName: string = service,
  ): ServiceProcess {
    let supervisor: Supervisor | null = null;
    const process = new ServiceProcess({
      name: logName,
      script: join(options.rootDir, 'dist', 'apps', service, 'src', 'main.js'),
      cwd: options.rootDir,
      // Settings given for the run (options.env, carried in env) win over the service's default.
      env: { NODE_OPTIONS: nodeOptionsOf(service), ...env },
      nodeArgs: options.nodeArgs,
      readyUrl,
      logFile: options.logDir ? join(options.logDir, `${logName}.log`) : undefined,
      onCrash: (exit) => supervisor?.crashed(exit),
    });
    if (options.supervise) {
      supervisor = new Supervisor(process, { report: options.supervise });
      supervisors.push(supervisor);
    }
    return process;
  }

  /**
   * Starts one more instance of a service (same queue group, same schema), e.g. to test
   * replicas; a gateway replica serves the API on a port of its own. Its URL is then in
   * `healthUrls` under the name answered.
   */
  async startReplica(service: ServiceName, env: Record<string, string> = {}): Promise<string> {
    const port = await freePort();
    const list = this.replicas.get(service) ?? [];
    const name = `${service}-replica-${list.length + 1}`;
    const isGateway = service === 'gateway';
    const replica = RunningSystem.process(
      this.options,
      this.supervisors,
      service,
      {
        ...this.sharedEnv,
        [isGateway ? 'PORT' : `${envPrefix(service)}_HEALTH_PORT`]: String(port),
        // One host, one port: a replica's inbound SMTP listener takes any free one.
        ...(this.sharedEnv['MAIL_INBOUND_SMTP_PORT'] ? { MAIL_INBOUND_SMTP_PORT: '0' } : {}),
        ...env,
      },
      `http://127.0.0.1:${port}/health/${isGateway ? 'live' : 'ready'}`,
      name,
    );
    await replica.start();
    this.replicas.set(service, [...list, replica]);
    this.healthUrls[name] = `http://127.0.0.1:${port}`;
    return name;
  }

  async stopReplicas(service: ServiceName): Promise<void> {
    await Promise.all((this.replicas.get(service) ?? []).map((replica) => replica.stop()));
    this.replicas.delete(service);
  }

  service(name: ServiceName): ServiceProcess {
    const process = this.processes.get(name);
    if (!process) throw new Error(`Unknown service ${name}`);
    return process;
  }

  /** Stops a service (gracefully, or by SIGKILL to simulate a crash) and starts it again. */
  async restart(
    name: ServiceName,
    options: { env?: Record<string, string>; signal?: NodeJS.Signals } = {},
  ): Promise<number | null> {
    const process = this.service(name);
    const exitCode = await process.stop(options.signal ?? 'SIGTERM');
    await process.start(options.env);
    return exitCode;
  }

  /** Each running process by name with its pid (the launcher prints them). */
  pids(): Record<string, number | undefined> {
    return Object.fromEntries([...this.processes].map(([name, process]) => [name, process.pid]));
  }

  async stop(): Promise<void> {
    for (const supervisor of this.supervisors.splice(0)) supervisor.stop();
    await this.processes.get('gateway')?.stop();
    await Promise.all([...this.replicas.keys()].map((service) => this.stopReplicas(service)));
    await Promise.all(BACKEND_SERVICES.map((service) => this.processes.get(service)?.stop()));
  }
}
