import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { join } from 'node:path';
import { E2E } from './ports.mjs';
import { e2eServers, natsAnswers, SERVERS_RUNNING } from './servers.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

const root = join(__dirname, '..', '..');

const withNats = natsAnswers();
if (!withNats) {
  if (process.env.CI === 'true') throw new Error('NATS does not answer, and CI=true requires the distributed end-to-end tests');
  console.warn('\n!!! NATS does not answer: the DISTRIBUTED end-to-end tests are SKIPPED. Start NATS to run them. !!!\n');
}

// `npm test` may have started them already, while the integration tests ran (scripts/test.mjs): they are used then.
const reuse = process.env[SERVERS_RUNNING] === 'running';
const servers: WebServer[] = e2eServers(withNats).map(({ what, url }) => ({
  command: `node tests/e2e/serve.mjs ${what}`,
  cwd: root,
  url,
  timeout: 120_000,
  reuseExistingServer: reuse,
  stdout: 'ignore',
  stderr: 'pipe',
  gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
}));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e-spec.ts',
  outputDir: join(root, 'test-results', 'e2e'),
  fullyParallel: false,
  // The two projects side by side, one worker each: each has its own stack and fake language model (serve.mjs), and
  // its tests give users and rooms names of their own; within a project, tests run one after another, since
  // they share its stack's model settings (`__delay`, `__pace`) and the machine has two cores.
  workers: 2,
  retries: process.env.CI === 'true' ? 1 : 0,
  // A long flow (a room, a phone viewer, a desktop viewer, the caption overlay) has taken over a minute on this
  // 2-core machine when it is busy: two minutes a test, the expectations keep their own 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: join(root, 'test-results', 'e2e.json') }]],
  use: {
    screenshot: 'only-on-failure',
    // A trace records a screencast of every page as it runs: on two cores that doubled the suite's CPU (the
    // GPU process drawing frames, the browser and the worker passing them on). Recorded on the retry of a failed
    // test instead; the failure itself keeps its screenshot.
    trace: 'on-first-retry',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // Both stacks run every test that goes through the services (live rooms, speakers, glossary, questions, analytics,
  // retention, auth, admin, outages...). A test that checks only what the browser shows, which the run mode does not
  // change (support/tags.ts), runs on one: `@ui` on the embedded stack, `@ui-distributed` on the distributed one.
  projects: [
    {
      name: 'embedded',
      workers: 1,
      ...(withNats ? { grepInvert: /@ui-distributed/ } : {}),
      use: { baseURL: `http://localhost:${E2E.embeddedPort}` },
    },
    ...(withNats
      ? [{ name: 'distributed', workers: 1, grepInvert: /@ui(?![\w-])/, use: { baseURL: `http://localhost:${E2E.distributedPort}` } }]
      : []),
  ],
  webServer: servers,
});
