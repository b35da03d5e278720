// `npm test`: unit + integration tests (jest, real PostgreSQL and NATS), then end-to-end tests (Playwright, Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureReady, root } from './ensure.mjs';

ensureReady();
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const bin = (name) => join(root, 'node_modules', '.bin', name);
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', NX_NO_CLOUD: 'true' };
const step = (name, command, args) => {
  console.log(`\n=== ${name} ===`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;
};
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

// Two workers even on two cores (jest's default there is one): the integration tests spend most of their time waiting
// on PostgreSQL, NATS and their own servers, and each is isolated (its own database, NATS subject prefix and ports).
const jestStatus = step('unit and integration tests', bin('jest'), [
  '--maxWorkers=2',
  '--json',
  `--outputFile=${join(results, 'jest.json')}`,
]);
const e2eStatus = step('end-to-end tests', bin('playwright'), ['test', '-c', 'tests/e2e/playwright.config.ts']);

const jest = readJson(join(results, 'jest.json'));
const e2e = readJson(join(results, 'e2e.json'));
const passed = (jest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = (jest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
const skipped = (jest?.numPendingTests ?? 0) + (e2e?.stats?.skipped ?? 0);
const broken = (jestStatus !== 0 && !jest?.numFailedTests) || (e2eStatus !== 0 && !e2e?.stats?.unexpected) ? 1 : 0;

console.log(
  `\njest: ${jest?.numPassedTests ?? 0} passed, ${jest?.numFailedTests ?? 0} failed; playwright: ${e2e?.stats?.expected ?? 0} passed, ${e2e?.stats?.unexpected ?? 0} failed`,
);
console.log(`${passed} passed, ${failed + broken} failed, ${skipped} skipped`);
process.exit(jestStatus || e2eStatus);
