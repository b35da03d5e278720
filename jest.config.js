/** One jest run: server unit + integration tests (node) and web tests (jsdom). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@lt/platform/telemetry$': '<rootDir>/libs/platform/src/telemetry/sdk.ts',
  '^@lt/(.*)$': '<rootDir>/libs/$1/src/index.ts',
};

module.exports = {
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      rootDir: __dirname,
      roots: ['<rootDir>/libs', '<rootDir>/apps/gateway', '<rootDir>/tests/integration', '<rootDir>/tests/lint', '<rootDir>/tests/chaos', '<rootDir>/tests/deploy', '<rootDir>/tests/load'],
      testMatch: ['**/*.spec.ts', '**/*.integration-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      moduleNameMapper,
      setupFiles: ['<rootDir>/jest.setup.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      rootDir: __dirname,
      roots: ['<rootDir>/apps/web'],
      testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      moduleNameMapper: { ...moduleNameMapper, '\\.(css)$': '<rootDir>/apps/web/test/style-mock.js' },
      setupFiles: ['<rootDir>/apps/web/test/setup.ts'],
    },
  ],
};
