import { z } from 'zod';

export class ConfigError extends Error {}

/**
 * Validates the environment against a schema. A bad value stops start-up with a message naming the variable.
 */
export function loadEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** An optional URL variable: empty counts as unset. */
export const optionalUrl = z.preprocess(emptyAsUndefined, z.string().url().optional());
export const optionalString = z.preprocess(emptyAsUndefined, z.string().min(1).optional());
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

export const flag = z
  .preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false']).default('false'))
  .transform((v) => v === 'true');
export const list = (check: z.ZodString) =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(check));

/** Variables every process reads. */
export const commonEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  /** json: one object per line; pretty: for a person at a terminal (the default when stdout is one). */
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(['json', 'pretty']).optional()),
  /** Prometheus metrics on their own port (never the public one); 0 turns them off. */
  METRICS_PORT: port(9464),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('.data'),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  /** Namespace of this deployment's subjects, for several deployments on one NATS. */
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, - and _ only')
    .default(''),
});

/** Keycloak, which brokers Google and Apple sign-in; all three or none. */
export const keycloakEnvSchema = z.object({
  KEYCLOAK_URL: optionalUrl,
  KEYCLOAK_REALM: optionalString,
  KEYCLOAK_CLIENT_ID: optionalString,
});

export type KeycloakEnv = z.infer<typeof keycloakEnvSchema>;
export type CommonEnv = z.infer<typeof commonEnvSchema>;
