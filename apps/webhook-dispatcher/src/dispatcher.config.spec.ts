import { ConfigError } from '@parley/service-kit';
import { loadDispatcherConfig } from './dispatcher.config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadDispatcherConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('dispatcher configuration', () => {
  it("defaults to the contract's rules and no exemptions", () => {
    expect(loadDispatcherConfig({})).toEqual({
      retryScheduleMs: [30_000, 120_000, 600_000],
      timeoutMs: 5000,
      pollIntervalMs: 1000,
      concurrency: 64,
      targetConcurrency: 16,
      leaseMs: 35_000,
      allowedHosts: [],
    });
  });

  it('sizes the per-target share and the lease from the other settings unless they are given', () => {
    expect(loadDispatcherConfig({ WEBHOOK_CONCURRENCY: '10', WEBHOOK_TIMEOUT_MS: '1000' })).toMatchObject({
      concurrency: 10,
      targetConcurrency: 3,
      leaseMs: 31_000,
    });
    expect(loadDispatcherConfig({ WEBHOOK_CONCURRENCY: '1' })).toMatchObject({ concurrency: 1, targetConcurrency: 1 });
    expect(
      loadDispatcherConfig({ WEBHOOK_CONCURRENCY: '200', WEBHOOK_TARGET_CONCURRENCY: '50', WEBHOOK_LEASE_MS: '12000' }),
    ).toMatchObject({
      concurrency: 200,
      targetConcurrency: 50,
      leaseMs: 12_000,
    });
  });

  it('refuses a lease that leaves too little beyond the timeout', () => {
    expect(problemsOf({ WEBHOOK_TIMEOUT_MS: '10000', WEBHOOK_LEASE_MS: '12000', WEBHOOK_CONCURRENCY: '0' })).toEqual([
      'WEBHOOK_CONCURRENCY: "0" is not an integer between 1 and 1000',
      'WEBHOOK_LEASE_MS: "12000" is not an integer between 15000 and 3600000',
    ]);
  });

  it('reads a fast schedule and a test allow-list', () => {
    const config = loadDispatcherConfig({
      WEBHOOK_RETRY_SCHEDULE_MS: '500, 1000,1500',
      WEBHOOK_TIMEOUT_MS: '800',
      WEBHOOK_POLL_INTERVAL_MS: '50',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:8443, receiver.test',
    });
    expect(config).toEqual({
      retryScheduleMs: [500, 1000, 1500],
      timeoutMs: 800,
      pollIntervalMs: 50,
      concurrency: 64,
      targetConcurrency: 16,
      leaseMs: 30_800,
      allowedHosts: [
        { hostname: '127.0.0.1', port: 8443 },
        { hostname: 'receiver.test', port: null },
      ],
    });
  });

  it('names every invalid setting at once', () => {
    expect(
      problemsOf({
        WEBHOOK_RETRY_SCHEDULE_MS: '30s,2m',
        WEBHOOK_TIMEOUT_MS: '0',
        WEBHOOK_POLL_INTERVAL_MS: 'often',
        WEBHOOK_ALLOWED_HOSTS: 'ok.test,bad/host',
      }),
    ).toEqual([
      'WEBHOOK_RETRY_SCHEDULE_MS: "30s,2m" is not a comma-separated list of at most 10 waits in ms (1 to 86400000)',
      'WEBHOOK_TIMEOUT_MS: "0" is not an integer between 100 and 60000',
      'WEBHOOK_POLL_INTERVAL_MS: "often" is not an integer between 10 and 60000',
      'WEBHOOK_ALLOWED_HOSTS: "bad/host" is not a host name, IP address or host:port',
    ]);
  });
});
