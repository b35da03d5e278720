// Starts what the end-to-end tests talk to: the fake LLM, the product in embedded mode, or in distributed mode.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { E2E } from './ports.mjs';

const root = join(import.meta.dirname, '..', '..');
const what = process.argv[2];
const llm = `http://127.0.0.1:${E2E.llmPort}/v1`;
const common = { ...process.env, LT_SKIP_ENSURE: '1', OPENAI_BASE_URL: llm, OPENAI_API_KEY: 'e2e-key', LOG_LEVEL: 'warn' };

async function freshDatabase() {
  const admin = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `lt_e2e_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

function start(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

if (what === 'llm') {
  start(['-r', './scripts/aliases.cjs', 'dist/server/libs/testing/src/fake-openai/main.js'], { ...process.env, PORT: String(E2E.llmPort) });
} else if (what === 'embedded') {
  const dataDir = join(root, 'tmp', 'e2e-embedded');
  rmSync(dataDir, { recursive: true, force: true });
  const env = { ...common, PORT: String(E2E.embeddedPort), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(E2E.embeddedPgPort) };
  delete env.DATABASE_URL;
  start(['scripts/start.mjs', 'embedded'], env);
} else if (what === 'distributed') {
  const env = { ...common, PORT: String(E2E.distributedPort), HEALTH_PORT_BASE: String(E2E.distributedPort + 1), DATABASE_URL: await freshDatabase() };
  start(['scripts/start.mjs', 'distributed'], env);
} else {
  console.error('usage: serve.mjs llm|embedded|distributed');
  process.exit(2);
}
