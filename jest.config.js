// Unit tests: every `*.spec.ts` of the apps, libs and tools. End-to-end suites: tests/e2e/jest.config.js.
const preset = require('./jest.preset');

module.exports = {
  ...preset,
  rootDir: __dirname,
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/tools'],
  testMatch: ['**/*.spec.ts'],
};
