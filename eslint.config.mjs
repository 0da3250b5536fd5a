import nx from '@nx/eslint-plugin';

const boundaries = (extraForApps = []) => [
  'error',
  {
    enforceBuildableLibDependency: true,
    allow: [],
    depConstraints: [
      // Services share nothing but contracts and infrastructure; apps never import apps.
      { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:contracts', 'type:kit', 'type:domain-lib', 'type:channels', ...extraForApps] },
      { sourceTag: 'type:kit', onlyDependOnLibsWithTags: ['type:contracts', 'type:channels'] },
      // Channel adapters (libs/channels): provider protocols only, no framework, no database.
      { sourceTag: 'type:channels', onlyDependOnLibsWithTags: ['type:contracts', ...extraForApps] },
      // Rules two services truly share: pure functions over contract types, no framework.
      { sourceTag: 'type:domain-lib', onlyDependOnLibsWithTags: ['type:contracts'] },
      // Contracts are pure types and constants: nothing of ours.
      { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
      { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:contracts', 'type:kit'] },
      { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:contracts', 'type:kit', 'type:testing'] },
      { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:contracts', 'type:testing'] },
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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
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
    files: ['libs/contracts/**/*.ts', 'libs/domain-rules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@nestjs/*', 'typeorm', 'nats', 'pg', 'class-validator', 'class-transformer', 'rxjs', 'node:*'], message: 'Contracts and shared domain rules are plain types, constants and pure functions.' }] },
      ],
    },
  },
  {
    files: ['libs/channels/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@nestjs/*', 'typeorm', 'nats', 'pg', 'ioredis', 'class-validator', 'class-transformer', 'rxjs'], message: 'Channel adapters hold no framework and no database: the calling service persists and schedules.' }] },
      ],
    },
  },
  {
    // Jest configuration files are CommonJS.
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
