// Shared by the unit and end-to-end Jest configs: TypeScript through swc, with the
// workspace's path aliases resolved by swc itself (so Jest's global setup resolves them too).
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const swcrc = JSON.parse(readFileSync(join(__dirname, '.swcrc'), 'utf8'));
delete swcrc.$schema;
delete swcrc.exclude; // the build leaves tests out; Jest must compile them
swcrc.sourceMaps = 'inline';
swcrc.jsc.baseUrl = __dirname;
swcrc.swcrc = false; // these options replace .swcrc (whose exclude would refuse test files)

// Packages published only as ES modules: Node loads them with require(esm), Jest (before Node 24)
// cannot, so swc turns them into CommonJS for the tests.
const ESM_ONLY_PACKAGES = ['email-reply-parser'];

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', swcrc],
    [`/node_modules/(${ESM_ONLY_PACKAGES.join('|')})/.+\\.js$`]: [
      '@swc/jest',
      { ...swcrc, jsc: { ...swcrc.jsc, parser: { syntax: 'ecmascript' } } },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
  moduleFileExtensions: ['ts', 'js', 'json'],
};
