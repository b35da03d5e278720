// The PostgreSQL the tests use: the one at TEST_DATABASE_ADMIN_URL (default 127.0.0.1:5432) when it answers,
// otherwise a PostgreSQL of their own, the embedded one the product ships (under .data/test-postgres), started
// for the run and stopped after it. The tests make and drop their own databases on it either way.
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { join } from 'node:path';
import { root } from './ensure.mjs';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** Where the tests' own PostgreSQL listens when none answers (TEST_PG_PORT moves it). */
const OWN_PORT = Number(process.env.TEST_PG_PORT ?? 54329);

const answers = (host, port) =>
  new Promise((resolve) => {
    const socket = connect(port, host);
    const done = (ok) => (socket.destroy(), resolve(ok));
    socket.setTimeout(2000, () => done(false));
    socket.on('connect', () => done(true)).on('error', () => done(false));
  });

/**
 * Makes sure the tests have a PostgreSQL. Answers the environment to run them with, and how to stop what was
 * started (nothing when one already answered).
 */
export async function ensureTestDatabase({ forceOwn = false } = {}) {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL;
  const target = new URL(adminUrl);
  if (!forceOwn && (await answers(target.hostname, Number(target.port || 5432)))) return { env: {}, stop: async () => {} };
  if (process.env.TEST_DATABASE_ADMIN_URL && !forceOwn)
    throw new Error(
      `Nothing answers at TEST_DATABASE_ADMIN_URL (${target.host}): start that PostgreSQL, or unset it to let the tests start their own.`,
    );
  console.log(`--- nothing answers on ${target.host}: the tests start a PostgreSQL of their own on port ${OWN_PORT}`);
  const require = createRequire(import.meta.url);
  // The server's own log lines stay out of the test output; what goes wrong is still said.
  require('@nestjs/common').Logger.overrideLogger(['error', 'warn', 'log']);
  const { startEmbeddedPostgres } = require(join(root, 'dist/server/libs/platform/src/database/embedded-postgres.js'));
  const database = await startEmbeddedPostgres(join(root, '.data', 'test-postgres'), OWN_PORT);
  return { env: { TEST_DATABASE_ADMIN_URL: database.url }, stop: () => database.stop() };
}
