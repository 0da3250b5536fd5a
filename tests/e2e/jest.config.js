// End-to-end suites (through the gateway, and the service kit against the real brokers), with
// real PostgreSQL and NATS. The global setup starts every service once for the whole run.
const preset = require('../../jest.preset');

module.exports = {
  ...preset,
  rootDir: '../..',
  roots: ['<rootDir>/tests/e2e'],
  testMatch: ['**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/libs/testing/src/harness/global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/src/harness/global-teardown.ts',
  testTimeout: 60_000,
  // Some suites restart services: one file at a time keeps them from disturbing each other.
  maxWorkers: 1,
  testSequencer: '<rootDir>/tests/e2e/openapi-last.sequencer.js',
};
