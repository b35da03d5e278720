import { Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum: 19 MiB of memory, 2 iterations. */
export const ARGON2_OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash to verify against when the account does not exist, so that both answers take as long. */
let decoy: Promise<string> | null = null;

export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  const target = hashed ?? (await (decoy ??= hashPassword('decoy password that matches nothing')));
  const ok = await verify(target, password).catch(() => false);
  return ok && hashed !== null;
}
