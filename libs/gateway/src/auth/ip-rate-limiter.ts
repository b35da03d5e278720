import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { GatewayConfig } from '../gateway.config';

const DEFAULT_AUTH_RATE = { burst: 30, perMinute: 30 };

/** Where gateway replicas keep their shared counts, when AUTH_RATE_LIMIT_STORE_URL names a PostgreSQL. */
const STORE = { schemaName: 'gateway', tableName: 'auth_rate_limits' };

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

/** Sign-in, sign-up, token and recovery calls one client address may make, counted per process or shared. */
export class IpRateLimiter implements OnApplicationShutdown {
  private constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly pool: Pool | null,
  ) {}

  static async create(config: GatewayConfig): Promise<IpRateLimiter> {
    const rate = config.authRate ?? DEFAULT_AUTH_RATE;
    const window = { keyPrefix: 'auth', ...authRateWindow(rate) };
    if (!config.authRateStoreUrl) return new IpRateLimiter(new RateLimiterMemory(window), null);
    const logger = new Logger('IpRateLimiter');
    const pool = new Pool({ connectionString: config.authRateStoreUrl, max: 4 });
    pool.on('error', (error) => logger.warn(`rate limit store: ${error.message}`));
    try {
      await pool.query(`CREATE SCHEMA IF NOT EXISTS "${STORE.schemaName}"`).catch(ignoreConcurrentCreation);
      const limiter = await new Promise<RateLimiterPostgres>((resolve, reject) => {
        const created: RateLimiterPostgres = new RateLimiterPostgres(
          // While the store is unreachable each replica counts alone rather than refusing everyone.
          { ...window, ...STORE, storeClient: pool, insuranceLimiter: new RateLimiterMemory(window) },
          (error?: Error) => (error ? reject(error) : resolve(created)),
        );
      });
      return new IpRateLimiter(limiter, pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  /** Counts one call of `ip`: null when allowed, else how long until the next one is (ms). */
  async take(ip: string): Promise<number | null> {
    try {
      await this.limiter.consume(ip);
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
