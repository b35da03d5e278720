import { DynamicModule, INestApplication, Logger, LogLevel, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { z } from 'zod';
import { BusModule, connectBus } from './bus/bus.module';
import { CommonEnv, commonEnvSchema, ConfigError, loadEnv, port } from './config/env';
import { DatabaseUrlModule } from './database/database-url';
import { startFailureMessage } from './errors/startup.error';
import { HealthModule, Readiness } from './health/health.controller';
import { loggingModule, useProcessLogger } from './logging/logging';
import { Logger as PinoNestLogger } from 'nestjs-pino';

type ModuleImport = Type<unknown> | DynamicModule;

/**
 * Starts a process: builds the module, lets `prepare` add what it needs, binds the bus handlers, listens
 * on `port`, then answers /healthz. A configuration error stops the process with its message.
 */
export async function startProcess<T extends INestApplication>(options: {
  name: string;
  /** The `service` of its log lines and spans (OTEL_SERVICE_NAME overrides it); `name` when absent. */
  service?: string;
  module: Type<unknown>;
  port: number;
  host?: string;
  logLevel?: LogLevel;
  prepare?: (app: T) => void | Promise<void>;
}): Promise<T> {
  const started = Date.now();
  const pino = useProcessLogger(options.service ?? options.name, options.logLevel ?? 'log');
  const logger = new Logger(options.name);

  @Module({
    imports: [loggingModule(pino), options.module],
    // Last to shut down: spans of the shutdown itself are still exported.
    providers: [{ provide: 'TELEMETRY_FLUSH', useValue: { onApplicationShutdown: flushTelemetry } }],
  })
  class ProcessModule {}

  const app = await NestFactory.create<T>(ProcessModule, { bufferLogs: true });
  app.useLogger(app.get(PinoNestLogger));
  app.enableShutdownHooks();
  await options.prepare?.(app);
  await connectBus(app);
  await app.listen(options.port, options.host ?? '0.0.0.0');
  app.get(Readiness).markReady();
  logger.log(`ready on port ${options.port} in ${Date.now() - started} ms`);
  return app;
}

async function flushTelemetry(): Promise<void> {
  // Loaded here, not at the top: processes without the SDK (tests) never load it.
  const { shutdownTelemetry } = await import('./telemetry/sdk');
  await shutdownTelemetry();
}

/**
 * Runs `main`, exiting non-zero on any start-up failure with one line saying what to do: configuration and
 * known start-up errors as their message, anything else as a generic sentence followed by its stack.
 */
export function run(main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else {
      const { line, stack } = startFailureMessage(error);
      console.error(line);
      if (stack) console.error(stack);
    }
    process.exit(1);
  });
}

/**
 * The whole `main` of a distributed service: NATS bus, its database, /healthz on HEALTH_PORT, and its modules.
 */
export function runService<S extends z.ZodRawShape>(options: {
  name: string;
  healthPort: number;
  env?: S;
  needsDatabase: boolean;
  imports: (env: CommonEnv & z.infer<z.ZodObject<S>>) => ModuleImport[];
}): void {
  run(async () => {
    const schema = commonEnvSchema.extend({ HEALTH_PORT: port(options.healthPort) }).extend(options.env ?? ({} as S));
    const env = loadEnv(schema) as CommonEnv & { HEALTH_PORT: number } & z.infer<z.ZodObject<S>>;
    if (options.needsDatabase && !env.DATABASE_URL) {
      throw new ConfigError('Invalid configuration:\n  DATABASE_URL: required when a service runs on its own');
    }
    useProcessLogger(options.name, env.LOG_LEVEL);
    const imports: ModuleImport[] = [
      BusModule.forRoot({ transport: 'nats', url: env.NATS_URL, name: options.name, prefix: env.NATS_SUBJECT_PREFIX }),
      HealthModule,
      ...(env.DATABASE_URL ? [DatabaseUrlModule.forRoot(env.DATABASE_URL)] : []),
      ...options.imports(env),
    ];
    @Module({ imports })
    class ServiceModule {}
    await startProcess({ name: options.name, module: ServiceModule, port: env.HEALTH_PORT, logLevel: env.LOG_LEVEL });
  });
}
