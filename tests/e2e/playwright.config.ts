import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { E2E } from './ports.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

const root = join(__dirname, '..', '..');

/** Whether NATS answers; without it the distributed project is skipped loudly, or fails the run under CI. */
function natsAnswers(): boolean {
  const url = new URL((process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',')[0]);
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `require('net').connect(${Number(url.port || 4222)}, '${url.hostname}').on('connect', () => process.exit(0)).on('error', () => process.exit(1))`,
    ],
    { timeout: 3000 },
  );
  return probe.status === 0;
}

const withNats = natsAnswers();
if (!withNats) {
  if (process.env.CI === 'true') throw new Error('NATS does not answer, and CI=true requires the distributed end-to-end tests');
  console.warn('\n!!! NATS does not answer: the DISTRIBUTED end-to-end tests are SKIPPED. Start NATS to run them. !!!\n');
}

const server = (what: string, port: number, path: string): WebServer => ({
  command: `node tests/e2e/serve.mjs ${what}`,
  cwd: root,
  url: `http://127.0.0.1:${port}${path}`,
  timeout: 120_000,
  reuseExistingServer: false,
  stdout: 'ignore',
  stderr: 'pipe',
  gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
});

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e-spec.ts',
  outputDir: join(root, 'test-results', 'e2e'),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI === 'true' ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: join(root, 'test-results', 'e2e.json') }]],
  use: {
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // Every test runs against the embedded stack. The distributed stack runs every test that goes through the services
  // (live rooms, speakers, glossary, questions, analytics, retention, auth, admin, outages...), and leaves out those
  // tagged `@ui` (support/tags.ts): they check only what the browser shows, which the run mode does not change.
  projects: [
    { name: 'embedded', use: { baseURL: `http://localhost:${E2E.embeddedPort}` } },
    ...(withNats ? [{ name: 'distributed', grepInvert: /@ui/, use: { baseURL: `http://localhost:${E2E.distributedPort}` } }] : []),
  ],
  webServer: [
    server('llm', E2E.llmPort, '/__calls'),
    server('smtp', E2E.mailHttpPort, '/__mails'),
    server('oidc', E2E.oidcPort, '/realms/lt/.well-known/openid-configuration'),
    server('embedded', E2E.embeddedPort, '/healthz'),
    ...(withNats ? [server('distributed', E2E.distributedPort, '/healthz')] : []),
  ],
});
