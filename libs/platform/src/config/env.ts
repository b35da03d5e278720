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

const flag = z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false']).default('false')).transform((v) => v === 'true');
const list = (check: z.ZodString) =>
  z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(check));

/** Variables every process reads. */
export const commonEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('.data'),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  /** Namespace of this deployment's subjects, for several deployments on one NATS. */
  NATS_SUBJECT_PREFIX: z.string().regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, - and _ only').default(''),
});

/** Variables of the translation service. */
export const translateEnvSchema = z.object({
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().min(1).default('gpt-4o'),
});

/** Variables of the gateway. */
export const gatewayEnvSchema = z.object({
  PORT: port(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Extra origins allowed to open sockets, comma separated; same origin and localhost are always allowed. */
  ALLOWED_ORIGINS: list(z.string().url()),
  /** Public base URL for links (viewer links); the request's own origin when unset. */
  PUBLIC_URL: optionalUrl,
  /** Sign-in, sign-up and recovery calls per client address: a burst, then this many a minute. */
  AUTH_RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Where the built web app is; served when present. */
  WEB_DIST: z.string().min(1).default('dist/web'),
});

/** Keycloak, which brokers Google and Apple sign-in; all three or none. */
export const keycloakEnvSchema = z.object({
  KEYCLOAK_URL: optionalUrl,
  KEYCLOAK_REALM: optionalString,
  KEYCLOAK_CLIENT_ID: optionalString,
});

/** Variables of the accounts service. */
export const accountsEnvSchema = keycloakEnvSchema.extend({
  /** smtp://user:pass@host:port; without it, mails are written to the log and DATA_DIR/mail. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Live Translation Rooms <no-reply@localhost>'),
  /** Sign-up waits for the e-mail to be confirmed before the first session. */
  AUTH_CONFIRM_EMAIL: flag,
  /** These e-mails get the admin role. */
  ADMIN_EMAILS: list(z.string().email()).transform((emails) => emails.map((e) => e.toLowerCase())),
  DATA_DIR: z.string().min(1).default('.data'),
});

export type KeycloakEnv = z.infer<typeof keycloakEnvSchema>;
export type AccountsEnv = z.infer<typeof accountsEnvSchema>;
export type CommonEnv = z.infer<typeof commonEnvSchema>;
export type TranslateEnv = z.infer<typeof translateEnvSchema>;
export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;
