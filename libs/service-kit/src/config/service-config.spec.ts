import { ConfigError } from './env-reader';
import { loadDatabaseConfig, loadServiceConfig } from './service-config';

const base = { NATS_URL: 'nats://127.0.0.1:4222', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/parley' };

function problemsOf(attempt: () => unknown): string[] {
  try {
    attempt();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadServiceConfig', () => {
  it('applies the defaults', () => {
    const config = loadServiceConfig('webhook-dispatcher', base);
    expect(config).toMatchObject({
      service: 'webhook-dispatcher',
      port: 3107,
      logLevel: 'info',
      nats: { url: base.NATS_URL, servers: [base.NATS_URL], namespace: '', rpcTimeoutMs: 5000, streamReplicas: 1 },
      database: { url: base.DATABASE_URL, schema: 'webhook_dispatcher', poolSize: 10 },
      outbox: { relayEnabled: true },
    });
  });

  it("takes a cluster's seed list and the replicas of its streams", () => {
    const config = loadServiceConfig('messaging', {
      ...base,
      NATS_URL: 'nats://10.0.0.1:4222, nats://10.0.0.2:4222,nats://10.0.0.3:4222',
      NATS_STREAM_REPLICAS: '3',
    });
    expect(config.nats).toMatchObject({
      servers: ['nats://10.0.0.1:4222', 'nats://10.0.0.2:4222', 'nats://10.0.0.3:4222'],
      streamReplicas: 3,
    });
  });

  it('names each bad server of the seed list and a replica count out of range', () => {
    expect(
      problemsOf(() =>
        loadServiceConfig('gateway', {
          NATS_URL: 'nats://a:4222,http://b:80,not a url',
          NATS_STREAM_REPLICAS: '7',
        }),
      ),
    ).toEqual([
      'NATS_URL: "http://b:80": protocol must be one of nats, tls, ws, wss',
      'NATS_URL: "not a url" is not a valid URL',
      'NATS_STREAM_REPLICAS: "7" is not an integer between 1 and 5',
    ]);
  });

  it('names a bad server of the seed list without its credentials', () => {
    const problems = problemsOf(() =>
      loadServiceConfig('gateway', { NATS_URL: 'nats://a:4222,http://alice:s3cret@b:80,nats://t0ken@bad host:1' }),
    );
    expect(problems).toEqual([
      'NATS_URL: "http://***@b:80": protocol must be one of nats, tls, ws, wss',
      'NATS_URL: "nats://***@bad host:1" is not a valid URL',
    ]);
  });

  it("prefers the service's own database URL", () => {
    const config = loadServiceConfig('contacts', { ...base, CONTACTS_DATABASE_URL: 'postgres://contacts@db/parley' });
    expect(config.database!.url).toBe('postgres://contacts@db/parley');
  });

  it('needs no database for the gateway', () => {
    expect(loadServiceConfig('gateway', { NATS_URL: base.NATS_URL }).database).toBeNull();
  });

  it('names every missing or invalid setting at once', () => {
    const problems = problemsOf(() =>
      loadServiceConfig('messaging', {
        LOG_LEVEL: 'loud',
        DB_POOL_SIZE: '0',
        OUTBOX_RELAY_ENABLED: 'maybe',
        NATS_NAMESPACE: 'has.dots',
      }),
    );
    expect(problems).toEqual([
      'LOG_LEVEL: "loud" is not one of fatal, error, warn, info, debug, trace, silent',
      'NATS_URL: required but not set',
      'NATS_NAMESPACE: "has.dots" may contain only letters, digits and underscores',
      'MESSAGING_DATABASE_URL or DATABASE_URL: required but not set',
      'DB_POOL_SIZE: "0" is not an integer between 1 and 500',
      'OUTBOX_RELAY_ENABLED: "maybe" is not a boolean (true/false)',
    ]);
  });

  it('rejects a URL of the wrong kind', () => {
    expect(problemsOf(() => loadServiceConfig('kanban', { ...base, DATABASE_URL: 'mysql://x' }))).toEqual([
      'KANBAN_DATABASE_URL or DATABASE_URL: protocol must be one of postgres, postgresql',
    ]);
  });

  it('says which service the configuration is for', () => {
    expect(() => loadServiceConfig('reporting', {})).toThrow(/^Invalid configuration for reporting:/);
  });
});

describe('loadDatabaseConfig', () => {
  it('reads only the database settings', () => {
    expect(loadDatabaseConfig('automation', { DATABASE_URL: base.DATABASE_URL })).toEqual({
      url: base.DATABASE_URL,
      schema: 'automation',
      poolSize: 10,
    });
  });
});
