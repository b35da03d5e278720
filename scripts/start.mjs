// `npm start` (embedded: one process) and `npm run start:distributed` (the gateway and each service as its own process).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureReady, root } from './ensure.mjs';

const mode = process.argv[2] ?? 'embedded';
if (!process.env.LT_SKIP_ENSURE) ensureReady();

const entry = (path) => ['-r', 'tsconfig-paths/register', `dist/server/apps/${path}`];
// The compiled code still imports `@lt/<lib>`; this config maps those to dist/server/libs.
const paths = { TS_NODE_PROJECT: join(root, 'tsconfig.runtime.json') };
const base = Number(process.env.HEALTH_PORT_BASE ?? 8081);
// One metrics port per process: 9464, 9465… (METRICS_PORT moves the first; 0 turns them all off).
const metricsBase = Number(process.env.METRICS_PORT ?? 9464);
const metricsPort = (i) => String(metricsBase === 0 ? 0 : metricsBase + i);
// The children write to a pipe, so they would log JSON: a person at a terminal gets readable lines.
const logFormat = process.env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json');
const processes =
  mode === 'embedded'
    ? [{ name: 'embedded', args: entry('embedded/src/main.js'), env: {} }]
    : [
        { name: 'accounts-svc', args: entry('accounts-svc/src/main.js'), env: { HEALTH_PORT: base } },
        { name: 'rooms-svc', args: entry('rooms-svc/src/main.js'), env: { HEALTH_PORT: base + 1 } },
        { name: 'translate-svc', args: entry('translate-svc/src/main.js'), env: { HEALTH_PORT: base + 2 } },
        { name: 'tts-svc', args: entry('tts-svc/src/main.js'), env: { HEALTH_PORT: base + 3 } },
        { name: 'asr-svc', args: entry('asr-svc/src/main.js'), env: { HEALTH_PORT: base + 4 } },
        { name: 'gateway', args: entry('gateway/src/main.js'), env: {} },
      ];

if (mode === 'distributed' && !process.env.DATABASE_URL) {
  console.error('DATABASE_URL is required in distributed mode, e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}

const children = processes.map(({ name, args, env }, i) => {
  const childEnv = { ...process.env, ...paths, LOG_FORMAT: logFormat, METRICS_PORT: metricsPort(i), ...env };
  const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = processes.length > 1 ? `[${name}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) (stream === child.stdout ? process.stdout : process.stderr).write(prefix + line + '\n');
    });
  }
  child.on('exit', (code, signal) => {
    if (stopping) return;
    // Alone, the process has printed why it stopped; its exit code is passed on.
    if (processes.length > 1) console.error(`${name} exited (${code ?? signal}); stopping the others`);
    stop(code || 1);
  });
  return child;
});

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.on('exit', r))))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
