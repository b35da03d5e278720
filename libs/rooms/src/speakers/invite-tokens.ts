import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url (43 characters): what the invite link carries. */
export function newInviteToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a leaked table opens no room. */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
