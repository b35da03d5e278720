import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { ACCOUNTS_MIGRATIONS } from '@lt/accounts';
import { ROOMS_MIGRATIONS } from '@lt/rooms';
import { TRANSLATE_MIGRATIONS } from '@lt/translate';
import { TTS_MIGRATIONS } from '@lt/tts';
import { ASR_MIGRATIONS } from '@lt/asr';
import { createTestDatabase, type TestDatabase } from '@lt/testing';

/**
 * The migration entry point as the image runs it (`node -r tsconfig-paths/register
 * dist/server/apps/migrate/src/main.js`), against a fresh database: what the Helm hook and the compose
 * service depend on is its exit code and what it says.
 */
jest.setTimeout(120_000);

const ROOT = join(__dirname, '..', '..');
const ENTRY = join(ROOT, 'dist/server/apps/migrate/src/main.js');

/**
 * `npm test` and the Nx `integration` target build first (they depend on the apps' builds); alone, this suite
 * builds the migrate app and the libs it needs through Nx (from its cache when nothing changed).
 */
function ensureBuilt(): void {
  if (process.env.NX_TASK_TARGET_PROJECT && existsSync(ENTRY)) return;
  const build = spawnSync(join(ROOT, 'node_modules/.bin/nx'), ['run', 'migrate:build', '--outputStyle=static-failures-only'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
  if (!existsSync(ENTRY)) throw new Error(`"nx run migrate:build" did not produce ${ENTRY}:\n${build.stdout}${build.stderr}`);
}

function migrate(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', 'tsconfig-paths/register', ENTRY], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NO_COLOR: '1', TS_NODE_PROJECT: join(ROOT, 'tsconfig.runtime.json'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('migrate', () => {
  let db: TestDatabase;
  let client: Client;

  const query = async (sql: string) => (await client.query(sql)).rows;
  const tables = async () =>
    (
      await query(
        `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
          WHERE table_schema IN ('accounts', 'asr', 'rooms', 'translate', 'tts') ORDER BY 1`,
      )
    ).map((row) => row.name as string);
  const applied = async (schema: string) =>
    (await query(`SELECT name FROM "${schema}".migrations ORDER BY id`)).map((row) => row.name as string);

  beforeAll(async () => {
    ensureBuilt();
    db = await createTestDatabase('lt_migrate');
    client = new Client({ connectionString: db.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('creates every service schema with its tables on a fresh database and says what it applied', async () => {
    const run = await migrate({ DATABASE_URL: db.url });
    const total =
      ACCOUNTS_MIGRATIONS.length + ROOMS_MIGRATIONS.length + TRANSLATE_MIGRATIONS.length + TTS_MIGRATIONS.length + ASR_MIGRATIONS.length;
    expect({ code: run.code, output: run.output }).toEqual({
      code: 0,
      output: expect.stringContaining(`done: ${total} migrations applied`),
    });
    expect(run.output).toContain('accounts: applied CreateProfiles1763800200000');
    expect(run.output).toContain('rooms: applied CreateRooms1763800000000');
    expect(run.output).toContain('translate: applied CreateTranslations1763800100000');
    expect(run.output).toContain('tts: applied CreateAudio1764000000000');
    expect(run.output).toContain('asr: applied CreateStreams1765000000000');

    const schemas = (
      await query(`SELECT nspname FROM pg_namespace WHERE nspname IN ('accounts', 'asr', 'rooms', 'translate', 'tts') ORDER BY 1`)
    ).map((r) => r.nspname);
    expect(schemas).toEqual(['accounts', 'asr', 'rooms', 'translate', 'tts']);
    expect(await tables()).toEqual(
      expect.arrayContaining([
        'accounts.users',
        'accounts.sessions',
        'accounts.signing_keys',
        'accounts.profiles',
        'accounts.session_revocations',
        'rooms.rooms',
        'rooms.message_logs',
        'translate.translations',
        'translate.summaries',
        'translate.usage_outbox',
        'tts.audio',
        'tts.usage_outbox',
        'asr.stream_leases',
        'asr.usage_outbox',
      ]),
    );
    expect(await applied('accounts')).toHaveLength(ACCOUNTS_MIGRATIONS.length);
    expect(await applied('rooms')).toHaveLength(ROOMS_MIGRATIONS.length);
    expect(await applied('translate')).toHaveLength(TRANSLATE_MIGRATIONS.length);
    expect(await applied('tts')).toHaveLength(TTS_MIGRATIONS.length);
    expect(await applied('asr')).toHaveLength(ASR_MIGRATIONS.length);
  });

  it('changes nothing when run again', async () => {
    const before = {
      tables: await tables(),
      accounts: await applied('accounts'),
      rooms: await applied('rooms'),
      translate: await applied('translate'),
    };
    const run = await migrate({ DATABASE_URL: db.url });
    expect(run.code).toBe(0);
    expect(run.output).toContain('done: 0 migrations applied');
    expect(run.output).toContain(`accounts: up to date (${ACCOUNTS_MIGRATIONS.length} migrations)`);
    expect(run.output).not.toMatch(/: applied /);
    expect({
      tables: await tables(),
      accounts: await applied('accounts'),
      rooms: await applied('rooms'),
      translate: await applied('translate'),
    }).toEqual(before);
  });

  it('fails with one sentence saying what to do when the database cannot be reached', async () => {
    const unreachable = new URL(db.url);
    unreachable.port = '1';
    unreachable.password = 'secret-not-to-print';
    const run = await migrate({ DATABASE_URL: unreachable.toString() });
    expect(run.code).toBe(1);
    expect(run.output).toContain(`PostgreSQL at ${unreachable.hostname}:1/`);
    expect(run.output).toContain('check DATABASE_URL');
    expect(run.output).not.toContain('secret-not-to-print');
  });

  it('fails naming the variable when DATABASE_URL is missing', async () => {
    const run = await migrate({});
    expect(run.code).toBe(1);
    expect(run.output).toContain('DATABASE_URL: required to run the migrations');
  });
});
