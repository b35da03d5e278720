import { z } from 'zod';
import { list, optionalUrl, port } from '@lt/platform';
import { parseTrustProxy } from './trust-proxy';

/** Variables of the gateway. */
export const gatewayEnvSchema = z.object({
  PORT: port(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Extra origins allowed to open sockets, comma separated; same origin and localhost are always allowed. */
  ALLOWED_ORIGINS: list(z.string().url()),
  /**
   * Public base URL for links (viewer links, mail links). When unset, links use the request's Host only if it
   * is localhost or an origin of ALLOWED_ORIGINS; requests to any other Host that need a link are refused.
   */
  PUBLIC_URL: optionalUrl,
  /** Sign-in, sign-up and recovery calls per client address: a burst, then this many a minute. */
  AUTH_RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** PostgreSQL where gateway replicas share those counts; each gateway counts alone when unset. */
  AUTH_RATE_LIMIT_STORE_URL: optionalUrl.refine((url) => url === undefined || /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// URL'),
  /** Rooms one client address, and one signed-in user, may create: a burst, then this many a minute. */
  ROOM_CREATE_BURST: z.coerce.number().int().min(1).default(10),
  ROOM_CREATE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Summaries one client address may ask for: at most BURST in a window of BURST / PER_MINUTE minutes. */
  SUMMARY_RATE_BURST: z.coerce.number().int().min(1).default(10),
  SUMMARY_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /**
   * Proxies whose `X-Forwarded-For` gives the client's address (for the per-address limits): a hop count,
   * `loopback`, a comma list of addresses / CIDR ranges, `true` (any) or `false`; none when unset.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      try {
        return parseTrustProxy(raw);
      } catch (error) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Open sockets one client address may have at once. */
  WS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /** Where the built web app is; served when present. */
  WEB_DIST: z.string().min(1).default('dist/web'),
});

export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;
