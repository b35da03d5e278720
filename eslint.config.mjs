import nx from '@nx/eslint-plugin';

const boundaries = (backendMayUse) => [
  'error',
  {
    enforceBuildableLibDependency: false,
    allow: [],
    depConstraints: [
      { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared'] },
      { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
      { sourceTag: 'scope:backend', onlyDependOnLibsWithTags: backendMayUse },
      { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: ['scope:testing', 'scope:backend', 'scope:shared'] },
    ],
  },
];

export default [
  { ignores: ['**/dist', '**/node_modules', '.data', 'coverage', 'test-results', 'playwright-report', 'tmp', '.nx', '**/*.cjs', '**/*.js'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(['scope:backend', 'scope:shared']),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests of backend libraries may use the test helpers; production code may not.
    files: ['**/*.spec.ts', '**/*.integration-spec.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries(['scope:backend', 'scope:shared', 'scope:testing']) },
  },
];
