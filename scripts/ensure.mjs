// Makes a fresh clone runnable: installs dependencies and builds when the sources are newer than the build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');
const stamp = join(root, 'dist', '.build-stamp');
const SOURCES = ['apps', 'libs', 'tsconfig.base.json', 'tsconfig.server.json', 'package-lock.json'];

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
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
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  if (built >= Math.max(...SOURCES.map((s) => newest(join(root, s))))) return;
  console.log('Building the server and the web app...');
  run('npm', ['run', 'build']);
  writeFileSync(stamp, new Date().toISOString());
}

export function ensureReady() {
  ensureInstalled();
  ensureBuilt();
}

if (process.argv[1] === import.meta.filename) ensureReady();
