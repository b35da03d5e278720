import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { GatewayConfig } from '../gateway.config';

type Rate = { burst: number; perMinute: number };

/**
 * What one limiter counts: its key prefix, its rate from the settings (null: no limit), and the table replicas
 * share its counts in (none: each gateway counts alone, e.g. a room's ceiling, whose key thousands hit at once).
 */
export interface RateLimitKind {
  keyPrefix: string;
  tableName?: string;
  rateOf(config: GatewayConfig): Rate | null;
}

/** A per-address cap of N a minute, when the operator set one. */
const perMinuteCap = (n: number | undefined): Rate | null => (n === undefined ? null : { burst: n, perMinute: n });

/** Sign-in, sign-up, token and recovery calls, per client address. */
export const AUTH_RATE_LIMIT: RateLimitKind = {
  keyPrefix: 'auth',
  tableName: 'auth_rate_limits',
  rateOf: (c) => ({ burst: c.AUTH_RATE_LIMIT_BURST, perMinute: c.AUTH_RATE_LIMIT_PER_MINUTE }),
};

/** Rooms created, per client address and per signed-in user. */
export const ROOM_CREATE_RATE_LIMIT: RateLimitKind = {
  keyPrefix: 'room_create',
  tableName: 'room_create_rate_limits',
  rateOf: (c) => ({ burst: c.ROOM_CREATE_BURST, perMinute: c.ROOM_CREATE_PER_MINUTE }),
};

/** Summaries asked for: per client id, per room, and per address when the operator caps it. */
export const SUMMARY_RATE_LIMITS = {
  client: { keyPrefix: 'summary_client', rateOf: (c) => ({ burst: c.SUMMARY_CLIENT_BURST, perMinute: c.SUMMARY_CLIENT_PER_MINUTE }) },
  room: { keyPrefix: 'summary_room', rateOf: (c) => ({ burst: c.SUMMARY_ROOM_BURST, perMinute: c.SUMMARY_ROOM_PER_MINUTE }) },
  address: { keyPrefix: 'summary', tableName: 'summary_rate_limits', rateOf: (c) => perMinuteCap(c.SUMMARY_ADDRESS_PER_MINUTE) },
} satisfies Record<string, RateLimitKind>;

/** Messages read aloud: per client id, per room, and per address when the operator caps it. */
export const AUDIO_RATE_LIMITS = {
  client: { keyPrefix: 'audio_client', rateOf: (c) => ({ burst: c.AUDIO_CLIENT_BURST, perMinute: c.AUDIO_CLIENT_PER_MINUTE }) },
  room: { keyPrefix: 'audio_room', rateOf: (c) => ({ burst: c.AUDIO_ROOM_BURST, perMinute: c.AUDIO_ROOM_PER_MINUTE }) },
  address: { keyPrefix: 'audio', tableName: 'audio_rate_limits', rateOf: (c) => perMinuteCap(c.AUDIO_ADDRESS_PER_MINUTE) },
} satisfies Record<string, RateLimitKind>;

/** Transcripts read or downloaded by viewers: per client id, per room, and per address when the operator caps it. */
export const TRANSCRIPT_RATE_LIMITS = {
  client: {
    keyPrefix: 'transcript_client',
    rateOf: (c) => ({ burst: c.TRANSCRIPT_CLIENT_BURST, perMinute: c.TRANSCRIPT_CLIENT_PER_MINUTE }),
  },
  room: { keyPrefix: 'transcript_room', rateOf: (c) => ({ burst: c.TRANSCRIPT_ROOM_BURST, perMinute: c.TRANSCRIPT_ROOM_PER_MINUTE }) },
  address: { keyPrefix: 'transcript', tableName: 'transcript_rate_limits', rateOf: (c) => perMinuteCap(c.TRANSCRIPT_ADDRESS_PER_MINUTE) },
} satisfies Record<string, RateLimitKind>;

/** Questions asked: per client id, per address (a venue's audience shares one: a larger share) and per room. */
export const QUESTION_RATE_LIMITS = {
  client: { keyPrefix: 'question_client', rateOf: (c) => perMinuteCap(c.QUESTION_CLIENT_PER_MINUTE) },
  room: { keyPrefix: 'question_room', tableName: 'question_room_rate_limits', rateOf: (c) => perMinuteCap(c.QUESTION_ROOM_PER_MINUTE) },
  address: { keyPrefix: 'question', tableName: 'question_rate_limits', rateOf: (c) => perMinuteCap(c.QUESTION_ADDRESS_PER_MINUTE) },
} satisfies Record<string, RateLimitKind>;

/** Upvotes: per client id, per address and per room. */
export const VOTE_RATE_LIMITS = {
  client: { keyPrefix: 'vote_client', rateOf: (c) => perMinuteCap(c.VOTE_CLIENT_PER_MINUTE) },
  room: { keyPrefix: 'vote_room', tableName: 'vote_room_rate_limits', rateOf: (c) => perMinuteCap(c.VOTE_ROOM_PER_MINUTE) },
  address: { keyPrefix: 'vote', tableName: 'vote_rate_limits', rateOf: (c) => perMinuteCap(c.VOTE_ADDRESS_PER_MINUTE) },
} satisfies Record<string, RateLimitKind>;

/** The limiter of room creation, injected by this token. */
export const ROOM_CREATE_LIMITER = Symbol('ROOM_CREATE_LIMITER');

/** The schema where gateway replicas keep their shared counts, when AUTH_RATE_LIMIT_STORE_URL names a PostgreSQL. */
const STORE_SCHEMA = 'gateway';

/**
 * The counting rule from the two settings: at most `burst` calls per address in a window as long as
 * `perMinute` takes to allow that many, so the long-run rate is `perMinute`. rate-limiter-flexible counts in
 * fixed windows, not a refilling bucket.
 */
export function authRateWindow(rate: Rate): { points: number; duration: number } {
  return { points: rate.burst, duration: Math.max(1, Math.round((60 * rate.burst) / rate.perMinute)) };
}

/** Replicas starting together may race to create the schema; IF NOT EXISTS does not cover that (unique_violation). */
function ignoreConcurrentCreation(error: { code?: string }): void {
  if (error.code !== '23505') throw error;
}

/** Calls of one kind a client address (or user, client id, room) may make, counted per process or shared between replicas. */
export class IpRateLimiter implements OnApplicationShutdown {
  private constructor(
    private readonly limiter: RateLimiterAbstract | null,
    private readonly pool: Pool | null,
  ) {}

  static async create(config: GatewayConfig, kind: RateLimitKind = AUTH_RATE_LIMIT): Promise<IpRateLimiter> {
    const rate = kind.rateOf(config);
    if (!rate) return new IpRateLimiter(null, null);
    const window = { keyPrefix: kind.keyPrefix, ...authRateWindow(rate) };
    if (!config.AUTH_RATE_LIMIT_STORE_URL || !kind.tableName) return new IpRateLimiter(new RateLimiterMemory(window), null);
    const logger = new Logger('IpRateLimiter');
    const pool = new Pool({ connectionString: config.AUTH_RATE_LIMIT_STORE_URL, max: 4 });
    pool.on('error', (error) => logger.warn(`rate limit store: ${error.message}`));
    try {
      await pool.query(`CREATE SCHEMA IF NOT EXISTS "${STORE_SCHEMA}"`).catch(ignoreConcurrentCreation);
      const limiter = await new Promise<RateLimiterPostgres>((resolve, reject) => {
        const created: RateLimiterPostgres = new RateLimiterPostgres(
          // While the store is unreachable each replica counts alone rather than refusing everyone.
          {
            ...window,
            schemaName: STORE_SCHEMA,
            tableName: kind.tableName,
            storeClient: pool,
            insuranceLimiter: new RateLimiterMemory(window),
          },
          (error?: Error) => (error ? reject(error) : resolve(created)),
        );
      });
      return new IpRateLimiter(limiter, pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  /** Counts one call of `key` (a client address): null when allowed, else how long until the next one is (ms). */
  async take(key: string): Promise<number | null> {
    if (!this.limiter) return null;
    try {
      await this.limiter.consume(key);
      return null;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return rejection.msBeforeNext;
      throw rejection;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool?.end();
  }
}
