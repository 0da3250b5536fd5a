import { isDatabaseUnavailable } from './database-unavailable';

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'a server shutting down (TypeORM wraps it)',
      { driverError: { code: '57P01' }, message: 'terminating connection due to administrator command' },
    ],
    ['a connection exception class', { code: '08006' }],
  ])('is true for %s', (_what, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', { driverError: { code: '23505' } }],
    ['a syntax error', { code: '42601', message: 'syntax error' }],
    ['anything else', new Error('boom')],
    ['nothing', undefined],
  ])('is false for %s', (_what, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
