import { z } from 'zod';
import { flag, keycloakEnvSchema, list, optionalUrl } from '@lt/platform';

/** Variables of the accounts service. */
export const accountsEnvSchema = keycloakEnvSchema.extend({
  /** smtp://user:pass@host:port; without it, mails are written to DATA_DIR/mail (and to the log at debug level). */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Live Translation Rooms <no-reply@localhost>'),
  /** Sign-up waits for the e-mail to be confirmed before the first session. */
  AUTH_CONFIRM_EMAIL: flag,
  /** These e-mails get the admin role. */
  ADMIN_EMAILS: list(z.string().email()).transform((emails) => emails.map((e) => e.toLowerCase())),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Tokens an anonymous room may spend on translation, summaries and speech (an owned room spends its owner's quota). */
  ANON_ROOM_TOKEN_BUDGET: z.coerce.number().int().min(0).default(20_000),
});

export type AccountsEnv = z.infer<typeof accountsEnvSchema>;
