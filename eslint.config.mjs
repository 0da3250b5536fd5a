import nx from '@nx/eslint-plugin';

/**
 * The public entries of apps (apps/<app>/src/index.ts): benchmarks and tools use an app through
 * them only, so a refactor inside the app cannot break them unnoticed. Apps never import them.
 */
const APP_ENTRIES = ['@parley/gateway', '@parley/messaging', '@parley/reporting'];

const boundaries = (extraForApps = [], allow = []) => [
  'error',
  {
    enforceBuildableLibDependency: true,
    allow,
    depConstraints: [
      // Services share nothing but contracts and infrastructure; apps never import apps.
      {
        sourceTag: 'type:app',
        onlyDependOnLibsWithTags: [
          'type:contracts',
          'type:kit',
          'type:domain-lib',
          'type:realtime',
          'type:channels',
          ...extraForApps,
        ],
      },
      // The realtime protocol core serves the gateway's /cable only.
      { allSourceTags: ['type:app', '/^scope:(?!gateway$)/'], notDependOnLibsWithTags: ['type:realtime'] },
      { sourceTag: 'type:kit', onlyDependOnLibsWithTags: ['type:contracts', 'type:realtime', 'type:channels'] },
      // Protocol infrastructure over `ws`: no framework, no database.
      { sourceTag: 'type:realtime', onlyDependOnLibsWithTags: ['type:contracts'] },
      // Channel adapters (libs/channels): provider protocols only, no framework, no database.
      { sourceTag: 'type:channels', onlyDependOnLibsWithTags: ['type:contracts', ...extraForApps] },
      // Rules two services truly share: pure functions over contract types, no framework.
      { sourceTag: 'type:domain-lib', onlyDependOnLibsWithTags: ['type:contracts'] },
      // Contracts are pure types and constants: nothing of ours.
      { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
      { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:contracts', 'type:kit'] },
      { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:contracts', 'type:kit', 'type:testing'] },
      { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:contracts', 'type:testing'] },
      // Benchmarks may also measure the kit's own infrastructure (bench:publish); never business rules.
      { sourceTag: 'type:bench', onlyDependOnLibsWithTags: ['type:contracts', 'type:testing', 'type:kit'] },
    ],
  },
];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  { ignores: ['**/dist', '**/node_modules', 'tmp', '.nx', 'coverage'] },
  {
    files: ['**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(),
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Decorated DTO properties need their type written out: it becomes runtime metadata.
      '@typescript-eslint/no-inferrable-types': ['error', { ignoreProperties: true }],
    },
  },
  {
    // Unit tests of an app may use the shared test helpers.
    files: ['**/*.spec.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries(['type:testing']) },
  },
  {
    files: ['bench/**/*.ts', 'tools/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries([], APP_ENTRIES) },
  },
  {
    files: ['libs/contracts/**/*.ts', 'libs/domain-rules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'typeorm', 'nats', 'pg', 'class-validator', 'class-transformer', 'rxjs', 'node:*'],
              message: 'Contracts and shared domain rules are plain types, constants and pure functions.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/realtime/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'typeorm', 'nats', 'pg', 'ioredis', 'class-validator', 'class-transformer', 'rxjs'],
              message:
                'The realtime core is protocol infrastructure: its host wires frameworks and storage in through its ports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/channels/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'typeorm', 'nats', 'pg', 'ioredis', 'class-validator', 'class-transformer', 'rxjs'],
              message:
                'Channel adapters hold no framework and no database: the calling service persists and schedules.',
            },
          ],
        },
      ],
    },
  },
  {
    // A service's background loop is the kit's PollingLoop (timer, one pass at a time, drain at shutdown), never a timer of its own.
    files: ['apps/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'setInterval', message: 'Extend PollingLoop (@parley/service-kit) for a background loop.' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'globalThis',
          property: 'setInterval',
          message: 'Extend PollingLoop (@parley/service-kit) for a background loop.',
        },
        {
          object: 'global',
          property: 'setInterval',
          message: 'Extend PollingLoop (@parley/service-kit) for a background loop.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: ['timers', 'node:timers', 'timers/promises', 'node:timers/promises'].map((name) => ({
            name,
            importNames: ['setInterval'],
            message: 'Extend PollingLoop (@parley/service-kit) for a background loop.',
          })),
        },
      ],
    },
  },
  {
    // Jest configuration files are CommonJS.
    files: ['**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
