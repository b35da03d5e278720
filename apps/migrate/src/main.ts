import 'reflect-metadata';
import { ConfigError, ProcessLogger, commonEnvSchema, loadEnv, run, useProcessLogger } from '@lt/platform';
import { databaseLabel, migrateAll } from './migrate';

/**
 * Brings every service's schema up to date, then exits: 0 when done (also when nothing was pending), 1 with
 * one sentence saying what to do otherwise. Run before new versions of the services start (the Helm
 * chart's pre-upgrade hook, docker compose's one-shot service); the services would otherwise migrate at
 * start-up, several replicas at once.
 */
run(async () => {
  const env = loadEnv(commonEnvSchema.pick({ LOG_LEVEL: true, DATABASE_URL: true }));
  // The same log lines as every other process: JSON unless a person watches, so the job's log is searchable.
  const logger = new ProcessLogger(useProcessLogger('migrate', env.LOG_LEVEL));
  if (!env.DATABASE_URL) throw new ConfigError('Invalid configuration:\n  DATABASE_URL: required to run the migrations');
  const started = Date.now();
  logger.log(`migrating ${databaseLabel(env.DATABASE_URL)}`, 'migrate');
  const results = await migrateAll(env.DATABASE_URL, logger);
  const applied = results.reduce((sum, r) => sum + r.applied.length, 0);
  logger.log(
    `done: ${applied} migration${applied === 1 ? '' : 's'} applied on ${results.map((r) => r.schema).join(', ')} in ${Date.now() - started} ms`,
    'migrate',
  );
  // Nothing is left to wait for; whatever else still holds the event loop (a telemetry exporter) gets a moment to flush.
  setTimeout(() => process.exit(0), 2_000).unref();
});
