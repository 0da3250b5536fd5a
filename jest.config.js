// Unit tests: every `*.spec.ts` of the apps and libs. End-to-end suites: tests/e2e/jest.config.js.
const preset = require('./jest.preset');

module.exports = {
  ...preset,
  rootDir: __dirname,
  roots: ['<rootDir>/apps', '<rootDir>/libs'],
  testMatch: ['**/*.spec.ts'],
};
