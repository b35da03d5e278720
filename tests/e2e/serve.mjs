// Starts what the end-to-end tests talk to: a fake LLM and a fake speech provider (one each per project), the SMTP
// catcher, the local OIDC provider (Keycloak's place), the product in embedded mode, or in distributed mode.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { E2E } from './ports.mjs';

const root = join(import.meta.dirname, '..', '..');
const what = process.argv[2];
const llm = `http://127.0.0.1:${E2E.llmPort}/v1`;
const ASR_KEY = 'e2e-asr-key';
const common = {
  ...process.env,
  LT_SKIP_ENSURE: '1',
  OPENAI_BASE_URL: llm,
  OPENAI_API_KEY: 'e2e-key',
  LOG_LEVEL: 'warn',
  // Both stacks run side by side on one host; metrics have their own integration test.
  METRICS_PORT: '0',
  SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
  MAIL_FROM: 'rooms@example.com',
  KEYCLOAK_URL: `http://127.0.0.1:${E2E.oidcPort}`,
  KEYCLOAK_REALM: 'lt',
  KEYCLOAK_CLIENT_ID: 'lt-web',
  ADMIN_EMAILS: 'admin@example.com',
  // Every suite signs users up and in from one address; the auth rate limit has its own integration test.
  AUTH_RATE_LIMIT_BURST: '10000',
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  // The suites create many rooms from one browser; the room-creation limit has its own integration test.
  ROOM_CREATE_BURST: '10000',
  ROOM_CREATE_PER_MINUTE: '10000',
  // The language model's budget of the whole stack: every suite's rooms share it, and a run of many suites on one
  // stack can hold it below the share that catch-up (a new language's earlier lines) waits for, which showed as a
  // viewer's history stuck on "Loading…". The fake model has no limit; the budget's priorities have their own
  // unit and integration tests.
  LLM_RPM: '100000',
  LLM_TPM: '100000000',
  // Summaries and audio keep their default limits (per browser and per room): every viewer shares one address,
  // as a venue's audience does.
  // Messages read aloud by the server: the fake LLM answers /v1/audio/speech with MP3 bytes.
  TTS_PROVIDER: 'openai',
  // Speech recognised on the server by a fake speaking Deepgram's protocol (one per project, like the fake LLM).
  // Host pages then offer it and take it by default; the tests that drive the browser's Web Speech fake pick
  // "in this browser" (support/fake-speech.ts), as a host would.
  ASR_PROVIDER: 'deepgram',
  DEEPGRAM_API_KEY: ASR_KEY,
  DEEPGRAM_URL: `ws://127.0.0.1:${E2E.asrPort}/v1/listen`,
  // The venue feed (SRT and RTMP) on each stack's own ports, called by ffmpeg from the tests.
  INGEST_ENABLED: 'true',
  INGEST_HOST: '127.0.0.1',
  INGEST_PUBLIC_HOST: '127.0.0.1',
  // Room analytics are written every 2 s rather than every minute, so the analytics page shows a test's figures soon.
  ANALYTICS_FLUSH_MS: '2000',
};
// The product must not pick up a developer's own settings for these from the shell.
delete common.PUBLIC_URL;
delete common.AUTH_CONFIRM_EMAIL;

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

function start(args, env, command = process.execPath) {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

async function catchMail() {
  const { SmtpCatcher } = createRequire(import.meta.url)(join(root, 'dist/server/libs/testing/src/smtp-catcher.js'));
  const catcher = new SmtpCatcher();
  const smtp = await catcher.start(E2E.smtpPort);
  const http = await catcher.startHttp(E2E.mailHttpPort);
  console.log(`SMTP catcher on ${smtp}, mails at ${http}/__mails`);
  const stop = () => void catcher.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (what === 'llm' || what === 'llm-distributed') {
  start(['-r', 'tsconfig-paths/register', 'dist/server/libs/testing/src/fake-openai/main.js'], {
    ...process.env,
    TS_NODE_PROJECT: join(root, 'tsconfig.runtime.json'),
    PORT: String(what === 'llm' ? E2E.llmPort : E2E.distributedLlmPort),
  });
} else if (what === 'asr' || what === 'asr-distributed') {
  start(['-r', 'tsconfig-paths/register', 'dist/server/libs/testing/src/fake-asr/main.js'], {
    ...process.env,
    TS_NODE_PROJECT: join(root, 'tsconfig.runtime.json'),
    PORT: String(what === 'asr' ? E2E.asrPort : E2E.distributedAsrPort),
    FAKE_ASR_KEY: ASR_KEY,
  });
} else if (what === 'smtp') {
  await catchMail();
} else if (what === 'oidc') {
  start(['tests/e2e/support/oidc-server.mjs'], { ...process.env, OIDC_PORT: String(E2E.oidcPort) });
} else if (what === 'embedded') {
  // Under the system's temporary directory, not the checkout: as root, the embedded PostgreSQL runs as `postgres`,
  // which must be able to enter every directory above its data (a checkout in a private mktemp folder is not).
  const dataDir = mkdtempSync(join(tmpdir(), 'lt-e2e-embedded-'));
  // Gone once the product (and its PostgreSQL) stopped: this process exits when the product does.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    ...common,
    PORT: String(E2E.embeddedPort),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(E2E.embeddedPgPort),
    INGEST_SRT_PORT: String(E2E.embeddedSrtPort),
    INGEST_RTMP_PORT: String(E2E.embeddedRtmpPort),
  };
  delete env.DATABASE_URL;
  start(['scripts/start.mjs', 'embedded'], env);
} else if (what === 'distributed') {
  const env = {
    ...common,
    PORT: String(E2E.distributedPort),
    HEALTH_PORT_BASE: String(E2E.distributedPort + 1),
    DATABASE_URL: await freshDatabase(),
    // Its own fake language model: the two projects run side by side, each test resetting and pacing its stack's.
    OPENAI_BASE_URL: `http://127.0.0.1:${E2E.distributedLlmPort}/v1`,
    DEEPGRAM_URL: `ws://127.0.0.1:${E2E.distributedAsrPort}/v1/listen`,
    INGEST_SRT_PORT: String(E2E.distributedSrtPort),
    INGEST_RTMP_PORT: String(E2E.distributedRtmpPort),
    // Its own subjects: other stacks on the same NATS (integration tests, benchmarks) never answer its requests.
    NATS_SUBJECT_PREFIX: `e2e-${Date.now().toString(36)}`,
  };
  start(['scripts/start.mjs', 'distributed'], env);
} else {
  console.error('usage: serve.mjs llm|llm-distributed|asr|asr-distributed|smtp|oidc|embedded|distributed');
  process.exit(2);
}
