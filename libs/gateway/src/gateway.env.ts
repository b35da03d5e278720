import { z } from 'zod';
import { REALTIME } from '@lt/contracts';
import { flag, keycloakEnvSchema, list, optionalString, optionalUrl, port } from '@lt/platform';
import { parseTrustProxy } from './trust-proxy';

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
/** A variable this version no longer reads: set, it stops start-up saying what replaced it, never silently ignored. */
const retired = (instead: string) => z.undefined({ error: `no longer read: ${instead}` }).optional();
const SUMMARY_RATE_RETIRED = retired(
  'summaries are limited per client id (SUMMARY_CLIENT_BURST / _PER_MINUTE) and per room; a per-address cap is SUMMARY_ADDRESS_PER_MINUTE',
);

/** A cap an operator may set; empty or unset means none. */
const optionalCap = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).optional());

/**
 * Variables of the gateway. A venue's audience shares one public address (conference Wi-Fi behind NAT), so
 * what viewers do is limited per socket, per room and per client id; per address only what is expensive
 * (sign-in, room creation), unless an operator sets a per-address cap.
 */
export const gatewayEnvSchema = keycloakEnvSchema.extend({
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
  AUTH_RATE_LIMIT_BURST: count(30),
  AUTH_RATE_LIMIT_PER_MINUTE: count(30),
  /** PostgreSQL where gateway replicas share the per-address counts; each gateway counts alone when unset. */
  AUTH_RATE_LIMIT_STORE_URL: optionalUrl.refine((url) => url === undefined || /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// URL'),
  /** Rooms one client address, and one signed-in user, may create: a burst, then this many a minute. */
  ROOM_CREATE_BURST: count(10),
  ROOM_CREATE_PER_MINUTE: count(10),
  /** Summaries one client id may ask for (a caller sending none counts as its address): a burst, then this many a minute. */
  SUMMARY_CLIENT_BURST: count(10),
  SUMMARY_CLIENT_PER_MINUTE: count(10),
  /** Summaries asked for in one room, by everyone together, per gateway: a burst, then this many a minute. */
  SUMMARY_ROOM_BURST: count(10_000),
  SUMMARY_ROOM_PER_MINUTE: count(10_000),
  /** Summaries one client address may ask for a minute; no per-address cap when unset. */
  SUMMARY_ADDRESS_PER_MINUTE: optionalCap,
  SUMMARY_RATE_BURST: SUMMARY_RATE_RETIRED,
  SUMMARY_RATE_PER_MINUTE: SUMMARY_RATE_RETIRED,
  /** Messages read aloud one client id may fetch (a caller sending none counts as its address): a burst, then this many a minute. */
  AUDIO_CLIENT_BURST: count(60),
  AUDIO_CLIENT_PER_MINUTE: count(60),
  /** Messages read aloud fetched in one room, by everyone together, per gateway: a burst, then this many a minute. */
  AUDIO_ROOM_BURST: count(60_000),
  AUDIO_ROOM_PER_MINUTE: count(60_000),
  /** Messages read aloud one client address may fetch a minute; no per-address cap when unset. */
  AUDIO_ADDRESS_PER_MINUTE: optionalCap,
  /** Transcripts one client id may read or download (a caller sending none counts as its address): a burst, then this many a minute. */
  TRANSCRIPT_CLIENT_BURST: count(20),
  TRANSCRIPT_CLIENT_PER_MINUTE: count(20),
  /** Transcripts read or downloaded in one room, by everyone together, per gateway: a burst, then this many a minute. */
  TRANSCRIPT_ROOM_BURST: count(10_000),
  TRANSCRIPT_ROOM_PER_MINUTE: count(10_000),
  /** Transcripts one client address may read or download a minute; no per-address cap when unset. */
  TRANSCRIPT_ADDRESS_PER_MINUTE: optionalCap,
  /** Glossary writes and revisions per room a minute (a revision translates lines into every language read). */
  GLOSSARY_WRITES_PER_MINUTE: count(20),
  /** Questions one viewer (client id) may ask a minute. */
  QUESTION_CLIENT_PER_MINUTE: count(5),
  /** Questions one client address may send a minute (a venue's audience shares one address). */
  QUESTION_ADDRESS_PER_MINUTE: count(60),
  /** Questions one room takes a minute, from everyone together (counted with the per-address ones, shared by replicas). */
  QUESTION_ROOM_PER_MINUTE: count(60),
  /** Upvotes one room takes a minute, from everyone together. */
  VOTE_ROOM_PER_MINUTE: count(3000),
  /** Upvotes one viewer (client id) may give a minute. */
  VOTE_CLIENT_PER_MINUTE: count(60),
  /** Upvotes one client address may send a minute. */
  VOTE_ADDRESS_PER_MINUTE: count(1200),
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
  /** How long one account archive download may take before it is cut short (a client that stopped reading). */
  ACCOUNT_ARCHIVE_TIMEOUT_MS: count(600_000),
  /** Open sockets one client address may have at once; no per-address cap when unset. */
  WS_MAX_PER_ADDRESS: optionalCap,
  /** How long a translation that is due may be missing before the gateway asks translate-svc for it (ms). */
  TRANSLATION_WAIT_MS: count(REALTIME.translationWaitMs),
  /** Whether asr-svc takes venue feeds; the owner's and host's pages show the ingest address only then. */
  INGEST_ENABLED: flag,
  /** The host name encoders reach the ingest at; unset: the host of PUBLIC_URL (or of a trusted request). */
  INGEST_PUBLIC_HOST: optionalString,
  /** The ports encoders reach (as asr-svc listens on them, or the load balancer in front forwards). RTMP 0: off. */
  INGEST_SRT_PORT: port(9000),
  INGEST_RTMP_PORT: port(1935),
  /** Where the built web app is; served when present. Empty: the gateway serves the API alone. */
  WEB_DIST: z.string().default('dist/web'),
});

export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;
