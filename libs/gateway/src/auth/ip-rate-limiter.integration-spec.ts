import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '@lt/testing';
import { gatewayEnvSchema } from '../gateway.env';
import { IpRateLimiter } from './ip-rate-limiter';

describe('IpRateLimiter (PostgreSQL store)', () => {
  let db: TestDatabase;
  const limiters: IpRateLimiter[] = [];
  const open = () =>
    IpRateLimiter.create(
      gatewayEnvSchema.parse({ AUTH_RATE_LIMIT_BURST: '3', AUTH_RATE_LIMIT_PER_MINUTE: '3', AUTH_RATE_LIMIT_STORE_URL: db.url }),
    );
  const replica = async () => {
    const limiter = await open();
    limiters.push(limiter);
    return limiter;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    for (const limiter of limiters) await limiter.onApplicationShutdown();
    await db?.drop();
  });

  it('shares the count of an address between gateway replicas', async () => {
    const [a, b] = [await replica(), await replica()];
    expect(await a.take('1.2.3.4')).toBeNull();
    expect(await b.take('1.2.3.4')).toBeNull();
    expect(await a.take('1.2.3.4')).toBeNull();
    expect(await b.take('1.2.3.4')).toBeGreaterThan(59_000);
    expect(await b.take('5.6.7.8')).toBeNull();

    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    const { rows } = await sql.query('SELECT key, points FROM gateway.auth_rate_limits ORDER BY key');
    await sql.end();
    expect(rows).toEqual([
      { key: 'auth:1.2.3.4', points: 4 },
      { key: 'auth:5.6.7.8', points: 1 },
    ]);
  });

  it('counts in memory while the store cannot be reached, instead of failing the call', async () => {
    const limiter = await open();
    await limiter.onApplicationShutdown();
    for (let i = 0; i < 3; i++) expect(await limiter.take('9.9.9.9')).toBeNull();
    expect(await limiter.take('9.9.9.9')).toBeGreaterThan(0);
  });
});
