import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

// Test files may also use the test helpers (type:testing); production code may not. Every constraint is an
// allow-list: `notDependOnLibsWithTags` also follows transitive edges, and the graph holds the spec files'
// imports of libs/testing, so it would flag any app importing a lib whose tests use the helpers. The rule's
// circular dependency check is always on: keep it that way (no ignoredCircularDependencies).
const boundaries = (inTests, allow = []) => {
  const testing = (tag) => (inTests ? [tag] : []);
  return [
    'error',
    {
      enforceBuildableLibDependency: false,
      allowCircularSelfDependency: false,
      allow,
      depConstraints: [
        { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared'] },
        { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
        { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
        // The gateway reaches the services over the bus only, never through their code.
        {
          sourceTag: 'scope:gateway',
          onlyDependOnLibsWithTags: ['scope:gateway', 'scope:server', 'scope:shared', ...testing('scope:testing')],
        },
        {
          sourceTag: 'scope:service',
          onlyDependOnLibsWithTags: ['scope:service', 'scope:server', 'scope:shared', ...testing('scope:testing')],
        },
        // The one-process composition root: every server lib, never the browser's code.
        {
          sourceTag: 'scope:embedded',
          onlyDependOnLibsWithTags: [
            'scope:embedded',
            'scope:gateway',
            'scope:service',
            'scope:server',
            'scope:shared',
            ...testing('scope:testing'),
          ],
        },
        { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: ['scope:shared', 'scope:server'] },
        { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:domain', 'type:util', ...testing('type:testing')] },
        // Domains stay independent of each other; what they share lives in a util lib.
        { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:util', ...testing('type:testing')] },
        { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', ...testing('type:testing')] },
        { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:util'] },
        // The suites under tests/ exercise the whole product.
        { sourceTag: 'scope:tests', onlyDependOnLibsWithTags: ['*'] },
        { sourceTag: 'type:tests', onlyDependOnLibsWithTags: ['*'] },
      ],
    },
  ];
};

export default [
  {
    ignores: ['**/dist', '**/node_modules', '.data', 'coverage', 'test-results', 'playwright-report', 'tmp', '.nx', '**/*.cjs', '**/*.js'],
  },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(false),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A lib's `src/test/` holds helpers for its own tests (outside the `production` inputs in nx.json): test code too.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.integration-spec.ts', 'tests/**', 'libs/*/src/test/**'],
    rules: { '@nx/enforce-module-boundaries': boundaries(true) },
  },
  {
    // The end-to-end language test reads the web's catalogs: what one language shows, the other must not.
    files: ['tests/e2e/**'],
    rules: { '@nx/enforce-module-boundaries': boundaries(true, ['../../apps/web/src/i18n/**']) },
  },
  {
    // The chaos host and viewers are the web client's own live code; jest's globalSetup runs without the
    // `@lt/*` path mapping, so it reaches the helper by its path.
    files: ['tests/chaos/**', 'tests/support/global-setup.ts'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(true, [
        '../../apps/web/src/modules/**',
        '../../libs/testing/src/nats',
        '../integration/**',
      ]),
    },
  },
  {
    // An integration group (its own Nx project, so `nx affected` runs it alone) shares the helpers beside it and the
    // stack in tests/support, which belong to the `tests` project.
    files: ['tests/integration/*/**'],
    rules: { '@nx/enforce-module-boundaries': boundaries(true, ['../*', '../../support/*']) },
  },
  {
    // A file holds one concern: past 300 lines (blank lines and comments count) it is split by feature, tests too.
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  // Layout is prettier's (npm run format); eslint keeps to what the code means.
  prettier,
];
