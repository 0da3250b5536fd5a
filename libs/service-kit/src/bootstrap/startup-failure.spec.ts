import type { ServiceConfig } from '../config/service-config';
import { describeStartupFailure } from './startup-failure';

describe('describeStartupFailure', () => {
  const config = (natsServers: string[], databaseUrl: string) =>
    ({
      port: 3101,
      nats: { servers: natsServers },
      database: { url: databaseUrl },
    }) as unknown as ServiceConfig;

  it('names every NATS server without its credentials or token', () => {
    const text = describeStartupFailure(
      Object.assign(new Error('connection refused'), { code: 'CONNECTION_REFUSED' }),
      config(['nats://alice:s3cret@10.0.0.1:4222', 'nats://t0ken@10.0.0.2:4222', 'nats://10.0.0.3:4222'], ''),
    );
    expect(text).toContain('nats://***:***@10.0.0.1:4222, nats://***@10.0.0.2:4222, nats://10.0.0.3:4222');
    expect(text).not.toMatch(/s3cret|t0ken|alice/);
  });

  it('names the database without its password', () => {
    const text = describeStartupFailure(
      Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
      config([], 'postgres://parley:pa55@db:5432/parley'),
    );
    expect(text).toContain('postgres://parley:***@db:5432/parley');
    expect(text).not.toContain('pa55');
  });
});
