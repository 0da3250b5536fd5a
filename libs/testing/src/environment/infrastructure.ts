import { Client } from 'pg';
import { connect } from 'nats';

export interface Infrastructure {
  /** A URL to the PostgreSQL server's maintenance database (databases are created from it). */
  adminDatabaseUrl: string;
  natsUrl: string;
  /** Shared rate-limit state for the suites that run several gateways. */
  redisUrl: string;
  source: 'containers' | 'local';
  stop(): Promise<void>;
}

const CONTAINER_PROBE_MS = 5000;

/**
 * Real PostgreSQL, NATS (JetStream) and Redis for a test run: Testcontainers when a container
 * runtime answers, otherwise the services named by TEST_DATABASE_URL / TEST_NATS_URL /
 * TEST_REDIS_URL (defaults: the local ones).
 */
export async function provisionInfrastructure(env: NodeJS.ProcessEnv = process.env): Promise<Infrastructure> {
  if (env.TEST_USE_CONTAINERS !== 'false' && (await containerRuntimeAvailable())) {
    return startContainers();
  }
  const adminDatabaseUrl = env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const natsUrl = env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
  const redisUrl = env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  await assertReachable(adminDatabaseUrl, natsUrl);
  return { adminDatabaseUrl, natsUrl, redisUrl, source: 'local', stop: async () => undefined };
}

async function containerRuntimeAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await withTimeout(getContainerRuntimeClient(), CONTAINER_PROBE_MS);
    return true;
  } catch {
    return false;
  }
}

async function startContainers(): Promise<Infrastructure> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { NatsContainer } = await import('@testcontainers/nats');
  const { GenericContainer, Wait } = await import('testcontainers');
  const [postgres, nats, redis] = await Promise.all([
    new PostgreSqlContainer('postgres:16-alpine')
      .withDatabase('postgres')
      .withUsername('postgres')
      .withPassword('postgres')
      .start(),
    new NatsContainer('nats:2.10-alpine').withJetStream().start(),
    new GenericContainer('redis:7-alpine')
      .withExposedPorts(6379)
      .withWaitStrategy(Wait.forLogMessage('Ready to accept connections'))
      .start(),
  ]);
  return {
    adminDatabaseUrl: postgres.getConnectionUri(),
    natsUrl: `nats://${nats.username}:${nats.password}@${nats.getHost()}:${nats.getMappedPort(4222)}`,
    redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    source: 'containers',
    stop: async () => {
      await Promise.allSettled([postgres.stop(), nats.stop(), redis.stop()]);
    },
  };
}

async function assertReachable(databaseUrl: string, natsUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${databaseUrl} (${(error as Error).message}); set TEST_DATABASE_URL or start it`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  try {
    const connection = await connect({ servers: natsUrl, timeout: 3000 });
    const manager = await connection.jetstreamManager();
    await manager.getAccountInfo();
    await connection.close();
  } catch (error) {
    throw new Error(
      `NATS with JetStream is not reachable at ${natsUrl} (${(error as Error).message}); set TEST_NATS_URL or start nats-server -js`,
    );
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
