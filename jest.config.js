/** The one jest configuration: server unit tests and integration tests (node), web tests (jsdom). */
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

const server = {
  testEnvironment: 'node',
  rootDir: __dirname,
  roots: [
    '<rootDir>/libs',
    '<rootDir>/apps/gateway',
    '<rootDir>/tests/integration',
    '<rootDir>/tests/lint',
    '<rootDir>/tests/chaos',
    '<rootDir>/tests/deploy',
    '<rootDir>/tests/load',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper,
  setupFiles: ['<rootDir>/jest.setup.ts'],
};

/**
 * `unit` and `web` need nothing running; `integration` needs PostgreSQL and NATS. Each Nx project's `test` and
 * `integration` targets run this same configuration with `--selectProjects` and the project's folder.
 */
module.exports = {
  projects: [
    { ...server, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
    {
      ...server,
      displayName: 'integration',
      testMatch: ['**/*.integration-spec.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      rootDir: __dirname,
      roots: ['<rootDir>/apps/web'],
      testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      moduleNameMapper: {
        ...moduleNameMapper,
        '\\.(css)$': '<rootDir>/apps/web/test/style-mock.js',
        '\\?worker&url$': '<rootDir>/apps/web/test/worklet-url-mock.js',
      },
      setupFiles: ['<rootDir>/apps/web/test/setup.ts'],
    },
  ],
};
