import { ConfigError } from '@parley/service-kit';
import { loadDispatcherConfig } from './dispatcher-config';

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
    expect(loadDispatcherConfig({})).toEqual({ retryScheduleMs: [30_000, 120_000, 600_000], timeoutMs: 5000, pollIntervalMs: 1000, allowedHosts: [] });
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
      allowedHosts: [
        { hostname: '127.0.0.1', port: 8443 },
        { hostname: 'receiver.test', port: null },
      ],
    });
  });

  it('names every invalid setting at once', () => {
    expect(problemsOf({ WEBHOOK_RETRY_SCHEDULE_MS: '30s,2m', WEBHOOK_TIMEOUT_MS: '0', WEBHOOK_POLL_INTERVAL_MS: 'often', WEBHOOK_ALLOWED_HOSTS: 'ok.test,bad/host' })).toEqual([
      'WEBHOOK_RETRY_SCHEDULE_MS: "30s,2m" is not a comma-separated list of at most 10 waits in ms (1 to 86400000)',
      'WEBHOOK_TIMEOUT_MS: "0" is not an integer between 100 and 60000',
      'WEBHOOK_POLL_INTERVAL_MS: "often" is not an integer between 10 and 60000',
      'WEBHOOK_ALLOWED_HOSTS: "bad/host" is not a host name, IP address or host:port',
    ]);
  });
});
