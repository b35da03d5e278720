// Makes a fresh clone runnable: installs the dependencies when they are missing, then every project's Nx `build`
// target (the server to dist/server, the web app to dist/web). Nx rebuilds only what changed since the last build:
// the rest comes from its cache (.nx/cache).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');
/** Nx as the scripts run it: no cloud, no full-screen terminal UI (the output stays in the scroll-back). */
export const nxEnv = { ...process.env, NX_NO_CLOUD: 'true', NX_TUI: 'false' };
export const nxBin = join(root, 'node_modules', '.bin', 'nx');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(join(root, 'package-lock.json')).mtimeMs) return;
  // `npm install` rather than `npm ci`: with lockfiles written without registry URLs, `npm ci` refuses the
  // optional packages of other platforms; `npm install` still installs exactly the locked versions.
  console.log('Installing dependencies...');
  run('npm', ['install', '--no-audit', '--no-fund'], { env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
}

export function ensureBuilt() {
  run(nxBin, ['run-many', '-t', 'build', '--outputStyle=static-failures-only'], { env: nxEnv });
}

export function ensureReady() {
  ensureInstalled();
  ensureBuilt();
}

if (process.argv[1] === import.meta.filename) ensureReady();
