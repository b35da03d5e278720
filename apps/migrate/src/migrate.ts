import type { LoggerService } from '@nestjs/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ACCOUNTS_MIGRATIONS, ACCOUNTS_SCHEMA } from '@lt/accounts';
import { StartupError, isDatabaseUnreachable, openServiceDatabase } from '@lt/platform';
import { ROOMS_MIGRATIONS, ROOMS_SCHEMA } from '@lt/rooms';
import { TRANSLATE_MIGRATIONS, TRANSLATE_SCHEMA } from '@lt/translate';
import { TTS_MIGRATIONS, TTS_SCHEMA } from '@lt/tts';
import { ASR_MIGRATIONS, ASR_SCHEMA } from '@lt/asr';

type MigrationClass = new () => MigrationInterface;

export interface ServiceSchema {
  schema: string;
  migrations: MigrationClass[];
}

/** Every schema a service owns, with the migrations that service runs on it at start-up. */
export const SERVICE_SCHEMAS: ServiceSchema[] = [
  { schema: ACCOUNTS_SCHEMA, migrations: ACCOUNTS_MIGRATIONS },
  { schema: ROOMS_SCHEMA, migrations: ROOMS_MIGRATIONS },
  { schema: TRANSLATE_SCHEMA, migrations: TRANSLATE_MIGRATIONS },
  { schema: TTS_SCHEMA, migrations: TTS_MIGRATIONS },
  { schema: ASR_SCHEMA, migrations: ASR_MIGRATIONS },
];

export interface SchemaResult {
  schema: string;
  applied: string[];
  total: number;
}

/**
 * Brings every service's schema up to date, one schema after another, through the same code path the
 * services use at start-up (`openServiceDatabase`), so a schema migrated here is one a service accepts.
 * Throws a StartupError naming the schema, the migration and the cause when one fails.
 */
export async function migrateAll(url: string, logger: LoggerService, schemas: ServiceSchema[] = SERVICE_SCHEMAS): Promise<SchemaResult[]> {
  const results: SchemaResult[] = [];
  for (const { schema, migrations } of schemas) {
    const progress: { applied: string[]; running?: string } = { applied: [] };
    try {
      const dataSource = await openServiceDatabase({
        url,
        schema,
        entities: [],
        migrations: migrations.map((migration) => recording(migration, progress)),
        poolSize: 1,
      });
      await dataSource.destroy();
    } catch (error) {
      throw new StartupError(failure(url, schema, progress.running, error));
    }
    const result = { schema, applied: progress.applied, total: migrations.length };
    logger.log(
      result.applied.length
        ? `${schema}: applied ${result.applied.join(', ')}`
        : `${schema}: up to date (${result.total} migration${result.total === 1 ? '' : 's'})`,
      'migrate',
    );
    results.push(result);
  }
  return results;
}

/**
 * The migration class, seen by TypeORM exactly as before (it identifies a migration by its `name`, or else
 * by its class name: the subclass keeps both), which notes when it runs and when it has run.
 */
function recording(Migration: MigrationClass, progress: { applied: string[]; running?: string }): MigrationClass {
  const className = Migration.name;
  const named = {
    [className]: class extends Migration {
      async up(queryRunner: QueryRunner): Promise<void> {
        const name = this.name ?? className;
        progress.running = name;
        await super.up(queryRunner);
        progress.applied.push(name);
        progress.running = undefined;
      }
    },
  };
  return named[className];
}

/** One sentence for the operator: where, what failed, and what to do. */
function failure(url: string, schema: string, migration: string | undefined, error: unknown): string {
  const reason = reasonOf(error);
  const where = databaseLabel(url);
  if (isDatabaseUnreachable(error)) {
    return `PostgreSQL at ${where} could not be reached (${reason}): check DATABASE_URL and that the database accepts connections, then run the migrations again.`;
  }
  if (migration) {
    // Each migration runs in its own transaction: the failed one left nothing behind, earlier ones stay applied.
    return `Migration ${migration} of schema "${schema}" failed on ${where} (${reason}); it was rolled back and earlier migrations stay applied: fix the cause and run the migrations again.`;
  }
  return `Could not migrate schema "${schema}" on ${where} (${reason}): check DATABASE_URL and that its user may create schemas and tables, then run the migrations again.`;
}

/** host:port/database of a connection URL, without its credentials. */
export function databaseLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname || '/'}`;
  } catch {
    return 'DATABASE_URL';
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return reasonOf(error.errors[0]);
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown })?.code;
  const text = message.replace(/\s+/g, ' ').trim();
  return text || (typeof code === 'string' ? code : 'unknown error');
}
