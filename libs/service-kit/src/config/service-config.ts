import { schemaOf, type BackendService, type ServiceName } from '@parley/contracts';
import { EnvReader } from './env-reader';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Default HTTP port per deployable: the gateway's API port, or a backend service's health port. */
export const DEFAULT_PORTS: Record<ServiceName, number> = {
  gateway: 3000,
  messaging: 3101,
  contacts: 3102,
  campaigns: 3103,
  reporting: 3104,
  automation: 3105,
  kanban: 3106,
  'webhook-dispatcher': 3107,
};

export interface DatabaseConfig {
  url: string;
  schema: string;
  poolSize: number;
}

export interface ServiceConfig {
  service: ServiceName;
  host: string;
  port: number;
  logLevel: LogLevel;
  nats: {
    /** NATS_URL as given (for messages); `servers` is its list. */
    url: string;
    /** The seed servers (a cluster's, comma-separated in NATS_URL): the client connects to any and learns the rest. */
    servers: string[];
    /** Replicas of every stream and consumer (NATS_STREAM_REPLICAS): 1 on one server, 3 on a cluster. */
    streamReplicas: number;
    /** Prefix of every subject and stream, so several systems (or test runs) can share one NATS. */
    namespace: string;
    rpcTimeoutMs: number;
  };
  database: DatabaseConfig | null;
  outbox: { relayEnabled: boolean; pollIntervalMs: number; retentionHours: number };
  consumers: { maxDeliver: number; ackWaitMs: number };
  /** Without an SMTP URL, e-mails are written to the log as structured lines. */
  mail: { smtpUrl: string | undefined; from: string };
  shutdownGraceMs: number;
}

function envPrefix(service: string): string {
  return service.toUpperCase().replace(/-/g, '_');
}

/** Reads and validates the settings every deployable shares; throws a ConfigError naming each problem. */
export function loadServiceConfig(
  service: ServiceName,
  env: Record<string, string | undefined> = process.env,
): ServiceConfig {
  const read = new EnvReader(env);
  const isGateway = service === 'gateway';
  const prefix = envPrefix(service);
  const config: ServiceConfig = {
    service,
    host: read.string('HOST', { default: '0.0.0.0' }),
    port: read.int(isGateway ? 'PORT' : `${prefix}_HEALTH_PORT`, {
      default: DEFAULT_PORTS[service],
      min: 0,
      max: 65535,
    }),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, { default: 'info' }),
    nats: readNatsConfig(read),
    database: isGateway ? null : readDatabaseConfig(read, service as BackendService),
    outbox: {
      relayEnabled: read.bool('OUTBOX_RELAY_ENABLED', { default: true }),
      pollIntervalMs: read.int('OUTBOX_POLL_INTERVAL_MS', { default: 1000, min: 10, max: 600000 }),
      retentionHours: read.int('OUTBOX_RETENTION_HOURS', { default: 24, min: 1, max: 24 * 90 }),
    },
    consumers: {
      maxDeliver: read.int('CONSUMER_MAX_DELIVER', { default: 5, min: 1, max: 100 }),
      ackWaitMs: read.int('CONSUMER_ACK_WAIT_MS', { default: 30000, min: 1000, max: 3600000 }),
    },
    mail: {
      smtpUrl: read.optionalString('SMTP_URL') ? read.url('SMTP_URL', ['smtp', 'smtps']) : undefined,
      from: read.string('MAIL_FROM', { default: 'Parley <no-reply@parley.invalid>' }),
    },
    shutdownGraceMs: read.int('SHUTDOWN_GRACE_MS', { default: 10000, min: 0, max: 600000 }),
  };
  read.assertValid(service);
  return config;
}

/** Only the database settings (for `migrate`, which needs nothing else). */
export function loadDatabaseConfig(
  service: BackendService,
  env: Record<string, string | undefined> = process.env,
): DatabaseConfig {
  const read = new EnvReader(env);
  const database = readDatabaseConfig(read, service);
  read.assertValid(service);
  return database;
}

function readNatsConfig(read: EnvReader): ServiceConfig['nats'] {
  const servers = read.urlList('NATS_URL', ['nats', 'tls', 'ws', 'wss']);
  return {
    url: servers.join(','),
    servers,
    namespace: read.token('NATS_NAMESPACE', { default: '' }),
    rpcTimeoutMs: read.int('RPC_TIMEOUT_MS', { default: 5000, min: 100, max: 120000 }),
    streamReplicas: read.int('NATS_STREAM_REPLICAS', { default: 1, min: 1, max: 5 }),
  };
}

function readDatabaseConfig(read: EnvReader, service: BackendService): DatabaseConfig {
  return {
    url: read.url([`${envPrefix(service)}_DATABASE_URL`, 'DATABASE_URL'], ['postgres', 'postgresql']),
    schema: schemaOf(service),
    poolSize: read.int('DB_POOL_SIZE', { default: 10, min: 1, max: 500 }),
  };
}
