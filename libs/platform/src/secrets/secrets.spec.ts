import { matchesHash, newSecret, sha256 } from './secrets';

describe('secrets', () => {
  it('hashes with SHA-256 in hex', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('makes 256-bit base64url secrets, each new', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecret()).not.toBe(secret);
  });

  it('matches a secret only against its own hash', () => {
    const secret = newSecret();
    expect(matchesHash(secret, sha256(secret))).toBe(true);
    expect(matchesHash(newSecret(), sha256(secret))).toBe(false);
    expect(matchesHash(secret, 'not-hex')).toBe(false);
  });
});
