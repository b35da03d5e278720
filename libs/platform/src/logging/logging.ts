import { DynamicModule, Logger, LoggerService, LogLevel } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import pino, { type Logger as Pino } from 'pino';
import pretty from 'pino-pretty';
import { activeTraceIds } from '../telemetry/tracing';

export type LogFormat = 'json' | 'pretty';

const PINO_LEVELS: Record<LogLevel, pino.Level> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/** JSON lines unless a person reads the output (a terminal), or LOG_FORMAT says otherwise. */
export function logFormatFrom(env: NodeJS.ProcessEnv = process.env, tty = Boolean(process.stdout.isTTY)): LogFormat {
  const chosen = env.LOG_FORMAT?.trim();
  if (chosen === 'json' || chosen === 'pretty') return chosen;
  return tty ? 'pretty' : 'json';
}

/** The name in every log line and span of this process: OTEL_SERVICE_NAME, else the process's own. */
export function serviceNameOf(fallback: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.OTEL_SERVICE_NAME?.trim() || fallback;
}

/**
 * The process's one pino logger: `level`, `time`, `msg`, `service`, and `trace_id` / `span_id` of the
 * operation the line was written in, so a line leads to its trace.
 */
export function createProcessLogger(options: {
  service: string;
  level: LogLevel;
  format: LogFormat;
  destination?: pino.DestinationStream;
}): Pino {
  const settings: pino.LoggerOptions = {
    level: PINO_LEVELS[options.level],
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => activeTraceIds() ?? {},
  };
  const destination =
    options.destination ??
    (options.format === 'pretty'
      ? pretty({ sync: true, colorize: Boolean(process.stdout.isTTY), ignore: 'pid,hostname' })
      : pino.destination({ sync: true }));
  return pino(settings, destination);
}

/** Nest's logger interface over pino, for what is logged before (or outside) the Nest application. */
export class ProcessLogger implements LoggerService {
  constructor(readonly pino: Pino) {}

  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }

  private write(level: pino.Level, message: unknown, rest: unknown[]): void {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const error = rest.find((r): r is Error => r instanceof Error) ?? (message instanceof Error ? message : undefined);
    const fields = { ...(context ? { context } : {}), ...(error ? { err: error } : {}) };
    this.pino[level](fields, message instanceof Error ? message.message : String(message));
  }
}

/** Only calls of the API are worth a line each; pages, assets and probes would drown them. */
const loggedRequest = (req: IncomingMessage) => (req.url ?? '').startsWith('/api/');

/**
 * nestjs-pino on the process's logger: one line per API call (method, path without its query, status,
 * duration), and every line written while serving a request carries that request's id. No header, query
 * string or body is logged: they hold tokens, passwords and keys.
 */
export function loggingModule(logger: Pino): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      logger,
      autoLogging: { ignore: (req) => !loggedRequest(req) },
      customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      serializers: {
        req: (req: { id?: unknown; method?: string; url?: string }) => ({
          id: req.id,
          method: req.method,
          path: (req.url ?? '').split('?')[0],
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      },
    },
  });
}

let processLogger: Pino | null = null;

/**
 * Makes the process's logger (once) and routes Nest's `Logger` to it, so what is logged before the
 * application exists (the embedded PostgreSQL starting) has the same shape as the rest.
 */
export function useProcessLogger(service: string, level: LogLevel, env: NodeJS.ProcessEnv = process.env): Pino {
  if (!processLogger) {
    processLogger = createProcessLogger({ service: serviceNameOf(service, env), level, format: logFormatFrom(env) });
    Logger.overrideLogger(new ProcessLogger(processLogger));
  }
  return processLogger;
}
