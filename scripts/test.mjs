// `npm test`: unit + integration tests (jest, real PostgreSQL and NATS) and end-to-end tests (Playwright, Chromium),
// side by side. Both spend most of their time waiting on their servers (PostgreSQL, NATS, the product, the fake
// model), so running them at once roughly halves the run on two cores. Jest's output streams as it comes; the
// end-to-end output is written to test-results/e2e.log and shown whole once both are done.
// LT_TEST_SERIAL=1 runs them one after the other instead (each one's output streaming).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureReady, root } from './ensure.mjs';
import { ensureTestDatabase } from './test-database.mjs';

ensureReady();
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const bin = (name) => join(root, 'node_modules', '.bin', name);
const database = await ensureTestDatabase();
const env = { ...process.env, ...database.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', NX_NO_CLOUD: 'true' };
const serial = process.env.LT_TEST_SERIAL === '1';
const started = Date.now();
const minutes = () => `${((Date.now() - started) / 60_000).toFixed(1)} min`;

/** Runs a step; its output streams, or goes to `logFile` when given. Resolves with its exit status. */
function run(name, command, args, logFile) {
  console.log(`\n=== ${name}${logFile ? ` (output in ${logFile}, shown when done)` : ''} ===`);
  const child = spawn(command, args, { cwd: root, env, stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  if (logFile) {
    const log = createWriteStream(logFile);
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      console.log(`\n=== ${name}: done after ${minutes()} (exit ${code ?? signal}) ===`);
      resolve(code ?? 1);
    }),
  );
}

// Two jest workers even on two cores (jest's default there is one): the integration tests spend most of their time
// waiting, and each is isolated (its own database, NATS subject prefix and ports; the end-to-end stacks have theirs).
const jestRun = () =>
  run('unit and integration tests', bin('jest'), ['--maxWorkers=2', '--json', `--outputFile=${join(results, 'jest.json')}`]);
const e2eLog = join(results, 'e2e.log');
const e2eRun = () =>
  run('end-to-end tests', bin('playwright'), ['test', '-c', 'tests/e2e/playwright.config.ts'], serial ? undefined : e2eLog);

let jestStatus;
let e2eStatus;
if (serial) {
  jestStatus = await jestRun();
  e2eStatus = await e2eRun();
} else {
  [jestStatus, e2eStatus] = await Promise.all([jestRun(), e2eRun()]);
  console.log('\n=== end-to-end tests: output ===');
  if (existsSync(e2eLog)) process.stdout.write(readFileSync(e2eLog));
}

await database.stop();
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const jest = readJson(join(results, 'jest.json'));
const e2e = readJson(join(results, 'e2e.json'));
const passed = (jest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = (jest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
const skipped = (jest?.numPendingTests ?? 0) + (e2e?.stats?.skipped ?? 0);
const broken = (jestStatus !== 0 && !jest?.numFailedTests) || (e2eStatus !== 0 && !e2e?.stats?.unexpected) ? 1 : 0;

console.log(
  `\njest: ${jest?.numPassedTests ?? 0} passed, ${jest?.numFailedTests ?? 0} failed; playwright: ${e2e?.stats?.expected ?? 0} passed, ${e2e?.stats?.unexpected ?? 0} failed`,
);
console.log(`${passed} passed, ${failed + broken} failed, ${skipped} skipped (${minutes()})`);
process.exit(jestStatus || e2eStatus);
