import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Bearer secrets (host keys, invite tokens, refresh tokens, account links): 256 random bits handed out once,
 * and only their SHA-256 stored, so a leaked table opens nothing.
 */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Lower-case hex SHA-256 of the UTF-8 text: what the tables keep of a secret. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Lower-case hex HMAC-SHA-256 of the UTF-8 text under `key`: an id that cannot be guessed back without the key. */
export function hmacSha256(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** Whether `secret` hashes to `storedHash`, compared in constant time so the answer's timing leaks nothing. */
export function matchesHash(secret: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const given = Buffer.from(sha256(secret), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
