// `npm test`: the unit tests (jest), then the integration tests (jest, real PostgreSQL and NATS), then the
// end-to-end tests (Playwright, Chromium), each one's output streaming.
// LT_TEST_PARALLEL=1 runs the integration and end-to-end tests side by side (the end-to-end output then goes to
// test-results/e2e.log, shown once both are done). On a machine with cores to spare that saves their overlap; on
// two cores it overloads the machine (load ~20 measured here) and timing-sensitive tests fail, so CI runs serially.
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
const serial = process.env.LT_TEST_PARALLEL !== '1';
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
const jestRun = (name, projects, file) =>
  run(name, bin('jest'), ['--selectProjects', ...projects, '--maxWorkers=2', '--json', `--outputFile=${join(results, file)}`]);
const e2eLog = join(results, 'e2e.log');
const e2eRun = () =>
  run('end-to-end tests', bin('playwright'), ['test', '-c', 'tests/e2e/playwright.config.ts'], serial ? undefined : e2eLog);

const unitStatus = await jestRun('unit tests', ['unit', 'web'], 'jest-unit.json');
let integrationStatus;
let e2eStatus;
if (serial) {
  integrationStatus = await jestRun('integration tests', ['integration'], 'jest-integration.json');
  e2eStatus = await e2eRun();
} else {
  [integrationStatus, e2eStatus] = await Promise.all([jestRun('integration tests', ['integration'], 'jest-integration.json'), e2eRun()]);
  console.log('\n=== end-to-end tests: output ===');
  if (existsSync(e2eLog)) process.stdout.write(readFileSync(e2eLog));
}
const jestStatus = unitStatus || integrationStatus;

await database.stop();
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const jestRuns = ['jest-unit.json', 'jest-integration.json'].map((file) => readJson(join(results, file)));
const sum = (key) => jestRuns.reduce((total, r) => total + (r?.[key] ?? 0), 0);
const jest = jestRuns.every((r) => r === null)
  ? null
  : { numPassedTests: sum('numPassedTests'), numFailedTests: sum('numFailedTests'), numPendingTests: sum('numPendingTests') };
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
