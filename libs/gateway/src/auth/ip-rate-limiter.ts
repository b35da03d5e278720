import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { GatewayConfig } from '../gateway.config';

/** What one limiter counts: its key prefix, the table replicas share its counts in, and its rate from the settings. */
export interface RateLimitKind {
  keyPrefix: string;
  tableName: string;
  rateOf(config: GatewayConfig): { burst: number; perMinute: number };
}

/** Sign-in, sign-up, token and recovery calls, per client address. */
export const AUTH_RATE_LIMIT: RateLimitKind = {
  keyPrefix: 'auth',
  tableName: 'auth_rate_limits',
  rateOf: (config) => config.authRate ?? { burst: 30, perMinute: 30 },
};

/** Rooms created, per client address and per signed-in user. */
export const ROOM_CREATE_RATE_LIMIT: RateLimitKind = {
  keyPrefix: 'room_create',
  tableName: 'room_create_rate_limits',
  rateOf: (config) => config.roomCreateRate ?? { burst: 10, perMinute: 10 },
};

/** Summaries asked for, per client address: each may cost a language-model call. */
export const SUMMARY_RATE_LIMIT: RateLimitKind = {
  keyPrefix: 'summary',
  tableName: 'summary_rate_limits',
  rateOf: (config) => config.summaryRate ?? { burst: 10, perMinute: 10 },
};

/** The limiter of summaries, injected by this token. */
export const SUMMARY_LIMITER = Symbol('SUMMARY_LIMITER');

/** The limiter of room creation, injected by this token. */
export const ROOM_CREATE_LIMITER = Symbol('ROOM_CREATE_LIMITER');

/** The schema where gateway replicas keep their shared counts, when AUTH_RATE_LIMIT_STORE_URL names a PostgreSQL. */
const STORE_SCHEMA = 'gateway';

/**
 * The counting rule from the two settings: at most `burst` calls per address in a window as long as
 * `perMinute` takes to allow that many, so the long-run rate is `perMinute`. rate-limiter-flexible counts in
 * fixed windows, not a refilling bucket.
 */
export function authRateWindow(rate: { burst: number; perMinute: number }): { points: number; duration: number } {
  return { points: rate.burst, duration: Math.max(1, Math.round((60 * rate.burst) / rate.perMinute)) };
}

/** Replicas starting together may race to create the schema; IF NOT EXISTS does not cover that (unique_violation). */
function ignoreConcurrentCreation(error: { code?: string }): void {
  if (error.code !== '23505') throw error;
}

/** Calls of one kind a client address (or user) may make, counted per process or shared between replicas. */
export class IpRateLimiter implements OnApplicationShutdown {
  private constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly pool: Pool | null,
  ) {}

  static async create(config: GatewayConfig, kind: RateLimitKind = AUTH_RATE_LIMIT): Promise<IpRateLimiter> {
    const window = { keyPrefix: kind.keyPrefix, ...authRateWindow(kind.rateOf(config)) };
    if (!config.authRateStoreUrl) return new IpRateLimiter(new RateLimiterMemory(window), null);
    const logger = new Logger('IpRateLimiter');
    const pool = new Pool({ connectionString: config.authRateStoreUrl, max: 4 });
    pool.on('error', (error) => logger.warn(`rate limit store: ${error.message}`));
    try {
      await pool.query(`CREATE SCHEMA IF NOT EXISTS "${STORE_SCHEMA}"`).catch(ignoreConcurrentCreation);
      const limiter = await new Promise<RateLimiterPostgres>((resolve, reject) => {
        const created: RateLimiterPostgres = new RateLimiterPostgres(
          // While the store is unreachable each replica counts alone rather than refusing everyone.
          { ...window, schemaName: STORE_SCHEMA, tableName: kind.tableName, storeClient: pool, insuranceLimiter: new RateLimiterMemory(window) },
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
