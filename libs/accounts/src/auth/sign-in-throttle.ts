import { isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ACCOUNTS_DATA_SOURCE } from '../accounts.database';

/**
 * Failed password sign-ins are counted per (e-mail, client address): past `freeFailures`, each further attempt
 * from that pair waits 2^(failures - freeFailures) seconds, up to `maxDelaySeconds`. Another address is never
 * slowed by them, so nobody can lock an owner out by failing on purpose; a success clears the pair.
 */
export const SIGN_IN_THROTTLE = {
  freeFailures: 5,
  maxDelaySeconds: 15 * 60,
  /** A pair idle this long starts counting again from zero. */
  forgetAfterSeconds: 24 * 3600,
} as const;

/** Seconds an attempt must wait after `failures` failures of one (e-mail, address). */
export function delayAfterFailures(failures: number): number {
  const { freeFailures, maxDelaySeconds } = SIGN_IN_THROTTLE;
  if (failures < freeFailures) return 0;
  return Math.min(2 ** Math.min(failures - freeFailures, 30), maxDelaySeconds);
}

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail becomes the last two), or null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  const bare = address.split('%')[0];
  if (isIP(bare) !== 6) return null;
  let text = bare;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const first = parse(head);
  const last = parse(tail);
  return tail === undefined ? first : [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * What failures are counted by: the client address, but an IPv6 address by its /64 network, since whoever
 * holds one address of a network can use any of its 2^64 (an IPv4-mapped IPv6 address is its IPv4 address).
 */
export function throttledNetwork(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

@Injectable()
export class SignInThrottle {
  constructor(@Inject(ACCOUNTS_DATA_SOURCE) private readonly db: DataSource) {}

  /**
   * Admits an attempt of the pair, or answers how many seconds it must still wait. An admitted attempt is
   * counted as a failure at once (in one statement, so parallel attempts cannot slip past the delay) and
   * `succeeded` clears it.
   */
  async admit(email: string, address: string): Promise<number | null> {
    const { freeFailures, maxDelaySeconds, forgetAfterSeconds } = SIGN_IN_THROTTLE;
    const network = throttledNetwork(address);
    const failures = `CASE WHEN t.updated_at < now() - make_interval(secs => $5) THEN 1 ELSE t.failures + 1 END`;
    const admitted: unknown[] = await this.db.query(
      `INSERT INTO accounts.sign_in_throttle AS t (email, address, failures, blocked_until, updated_at)
       VALUES ($1, $2, 1, CASE WHEN 1 >= $3 THEN now() + make_interval(secs => 1) END, now())
       ON CONFLICT (email, address) DO UPDATE SET
         failures = ${failures},
         blocked_until = CASE WHEN ${failures} >= $3
           THEN now() + make_interval(secs => least(power(2, least(${failures} - $3, 30)), $4)) END,
         updated_at = now()
       WHERE t.blocked_until IS NULL OR t.blocked_until <= now()
       RETURNING t.failures`,
      [email, network, freeFailures, maxDelaySeconds, forgetAfterSeconds],
    );
    if (admitted.length) return null;
    const [row] = await this.db.query(
      `SELECT greatest(ceil(extract(epoch FROM blocked_until - now())), 1)::int AS wait
       FROM accounts.sign_in_throttle WHERE email = $1 AND address = $2`,
      [email, network],
    );
    return (row?.wait as number | undefined) ?? 1;
  }

  async succeeded(email: string, address: string): Promise<void> {
    await this.db.query(`DELETE FROM accounts.sign_in_throttle WHERE email = $1 AND address = $2`, [email, throttledNetwork(address)]);
  }

  /** Pairs idle past `forgetAfterSeconds` count from zero anyway; keep the table small. */
  async prune(): Promise<void> {
    await this.db.query(
      `DELETE FROM accounts.sign_in_throttle WHERE updated_at < now() - make_interval(secs => $1)
         AND (blocked_until IS NULL OR blocked_until < now())`,
      [SIGN_IN_THROTTLE.forgetAfterSeconds],
    );
  }
}
