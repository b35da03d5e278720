// `npm test`: every project's Nx targets, one step after another: the builds (cached), the
// unit tests (`test`: jest, per project), then the integration tests (`integration`: jest, real PostgreSQL and NATS,
// per lib and per group of tests/integration), then the end-to-end tests (`tests-e2e:e2e`: Playwright, Chromium),
// whose stacks start beside the integration tests (tests/e2e/servers.mjs).
// With NX_BASE set (a commit, as CI sets it on a branch), only the projects a change since it affects: `nx affected`.
// LT_TEST_PARALLEL=1 runs the integration and end-to-end tests side by side (the end-to-end output then goes to
// test-results/e2e.log, shown once both are done). On a machine with cores to spare that saves their overlap; on
// two cores it overloads the machine (load ~20 measured here) and timing-sensitive tests fail, so CI runs serially.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureReady, nxBin, nxEnv, root } from './ensure.mjs';
import { ensureTestDatabase } from './test-database.mjs';
import { SERVERS_RUNNING, startE2eServers } from '../tests/e2e/servers.mjs';

// CI has just installed and built (.ci/run sets LT_SKIP_ENSURE, as scripts/start.mjs reads it).
if (!process.env.LT_SKIP_ENSURE) ensureReady();
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const database = await ensureTestDatabase();
const env = { ...nxEnv, ...database.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const serial = process.env.LT_TEST_PARALLEL !== '1';
const started = Date.now();
const minutes = () => `${((Date.now() - started) / 60_000).toFixed(1)} min`;

/** Runs a step; its output streams, or goes to `logFile` when given. Resolves with its exit status. */
function run(name, command, args, logFile, runEnv = env) {
  console.log(`\n=== ${name}${logFile ? ` (output in ${logFile}, shown when done)` : ''} ===`);
  const child = spawn(command, args, { cwd: root, env: runEnv, stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
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

const base = process.env.NX_BASE;
if (base) console.log(`Only the projects that the changes since ${base} affect (nx affected)`);
const select = base ? ['affected'] : ['run-many'];
/** One Nx target over the selected projects; the builds were done above. */
const nxRun = (name, target, options, logFile = undefined, runEnv = env) =>
  run(name, nxBin, [...select, '-t', target, '--excludeTaskDependencies', ...options], logFile, runEnv);
// Jest: two projects at a time, each with one worker (`--maxWorkers=1`): two test files at once, as one jest with
// two workers ran them, without the idle worker at the end of each project. The integration target keeps its
// worker a process of its own (`--workerIdleMemoryLimit` in nx.json), ended when the run is done, so a connection
// a test leaves open cannot hold jest. Each project's output is shown whole when it is done. The integration tests spend most of their time waiting, and each is isolated (its own
// database, NATS subject prefix and ports; the end-to-end stacks have theirs).
const jestRun = (name, target) => nxRun(name, target, ['--parallel=2', '--outputStyle=static', '--', '--maxWorkers=1']);
const e2eLog = join(results, 'e2e.log');

/** Whether the run has the end-to-end tests: always, or with NX_BASE when the changes affect them. */
function e2eSelected() {
  if (!base) return true;
  const affected = spawnSync(nxBin, ['show', 'projects', '--affected', `--base=${base}`, '--withTarget=e2e'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  return affected.stdout.split(/\s+/).includes('tests-e2e');
}

// The end-to-end stacks start while the integration tests run (which mostly wait on PostgreSQL and NATS, their ports
// apart from the stacks'), so that the suite finds them answering instead of waiting for them (Playwright's
// `webServer` then uses them); Playwright starts its own when they did not come up.
const serversLog = join(results, 'e2e-servers.log');
let servers;
async function e2eRun() {
  let runEnv = env;
  if (servers && (await servers.ready) && (await servers.answering())) {
    runEnv = { ...env, [SERVERS_RUNNING]: 'running' };
    console.log(`\n(the end-to-end servers, started beside the integration tests, write to ${serversLog})`);
  } else if (servers) await servers.stop();
  const status = await nxRun('end-to-end tests', 'e2e', ['--outputStyle=stream-without-prefixes'], serial ? undefined : e2eLog, runEnv);
  await servers?.stop();
  return status;
}

const unitStatus = await jestRun('unit tests', 'test');
if (e2eSelected()) servers = startE2eServers({ root, env, logFile: serversLog });
let integrationStatus;
let e2eStatus;
if (serial) {
  integrationStatus = await jestRun('integration tests', 'integration');
  e2eStatus = await e2eRun();
} else {
  [integrationStatus, e2eStatus] = await Promise.all([jestRun('integration tests', 'integration'), e2eRun()]);
  console.log('\n=== end-to-end tests: output ===');
  if (existsSync(e2eLog)) process.stdout.write(readFileSync(e2eLog));
}
const jestStatus = unitStatus || integrationStatus;

await database.stop();
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
// Each jest task writes its results to test-results/jest/<project>.<target>.json (restored from the cache too).
const jestDir = join(results, 'jest');
const jestRuns = existsSync(jestDir) ? readdirSync(jestDir).map((file) => readJson(join(jestDir, file))) : [];
const sum = (key) => jestRuns.reduce((total, r) => total + (r?.[key] ?? 0), 0);
const jest =
  jestRuns.length === 0
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
