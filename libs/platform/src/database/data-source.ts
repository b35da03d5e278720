import type { OnApplicationShutdown, Provider } from '@nestjs/common';
import type { ServiceHealth } from '@lt/contracts';
import { DATABASE_URL } from './database-url';
import { DataSource, EntitySchema, MixedList } from 'typeorm';

export interface ServiceDatabaseOptions {
  url: string;
  /** The PostgreSQL schema this service owns; no other service reads it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

const CONNECT_TIMEOUT_MS = 5_000;

/** Opens a service's own connection pool and brings its schema up to date with its migrations. */
export async function openServiceDatabase(options: ServiceDatabaseOptions): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    // A request waits at most this long for a connection, then fails as `unavailable` instead of hanging.
    extra: { max: options.poolSize ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
  });
  await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
  await dataSource.runMigrations();
  return dataSource;
}

/**
 * A service's open database as its process sees it: readiness pings it (the health module finds every one
 * of them in the application), shutdown closes it.
 */
export class ServiceDatabase implements OnApplicationShutdown {
  constructor(
    readonly schema: string,
    private readonly dataSource: DataSource,
  ) {}

  /** Resolves once the database answers; rejects when it does not within `timeoutMs`. */
  ping(timeoutMs: number): Promise<void> {
    return pingDatabase(this.dataSource, timeoutMs);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/**
 * Whether requests of this process wait for a connection of its pool now: the database is its bottleneck, and
 * work that may go without (an interim line) should give way to work that may not.
 */
export function databaseQueued(dataSource: DataSource): boolean {
  const pool = (dataSource.driver as unknown as { master?: { waitingCount?: number } }).master;
  return (pool?.waitingCount ?? 0) > 0;
}

/** Resolves once the database answers `SELECT 1`; rejects when it does not within `timeoutMs`. */
export async function pingDatabase(dataSource: DataSource, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([dataSource.query('SELECT 1'), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What a service answers to its health request: it is up (it answered), and whether its database answers
 * within `timeoutMs`; short, because the asker gives the whole answer little more than a second.
 */
export async function databaseHealth(dataSource: DataSource, timeoutMs = 800): Promise<ServiceHealth> {
  try {
    await pingDatabase(dataSource, timeoutMs);
    return { status: 'up', database: 'up' };
  } catch (error) {
    return { status: 'up', database: 'down', detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Providers of a service module's own database: `token` resolves to its migrated DataSource, which is
 * watched by readiness and closed when the application shuts down.
 */
export function serviceDatabaseProviders(token: symbol, options: Omit<ServiceDatabaseOptions, 'url'>): Provider[] {
  return [
    { provide: token, inject: [DATABASE_URL], useFactory: (url: string) => openServiceDatabase({ ...options, url }) },
    {
      provide: Symbol(`${options.schema} database`),
      inject: [token],
      useFactory: (dataSource: DataSource) => new ServiceDatabase(options.schema, dataSource),
    },
  ];
}
