import { parseAuthLink } from './auth-link';

const parseRecoveryLink = (hash: string, search?: string) => parseAuthLink('recovery', hash, search);

const REFRESH = 'r'.repeat(40);

describe('parseAuthLink', () => {
  it('reads the tokens of a recovery link', () => {
    expect(parseRecoveryLink(`#access_token=abc.def.ghi&refresh_token=${REFRESH}&expires_in=3600&type=recovery`)).toEqual({
      kind: 'tokens',
      tokens: { accessToken: 'abc.def.ghi', refreshToken: REFRESH, expiresIn: 3600 },
    });
  });

  it('keeps expires_at when the link carries it and ignores nonsense numbers', () => {
    expect(parseRecoveryLink(`#access_token=a&refresh_token=${REFRESH}&expires_at=1800000000&expires_in=-5&type=recovery`)).toEqual({
      kind: 'tokens',
      tokens: { accessToken: 'a', refreshToken: REFRESH, expiresAt: 1800000000 },
    });
  });

  it('reports the error of a spent or expired link', () => {
    expect(parseRecoveryLink('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')).toEqual(
      { kind: 'error', code: 'otp_expired', description: 'Email link is invalid or has expired' },
    );
    expect(parseRecoveryLink('', '?error=access_denied')).toEqual({ kind: 'error', code: 'access_denied', description: null });
  });

  it('lets an error win over tokens', () => {
    expect(parseRecoveryLink(`#access_token=a&refresh_token=${REFRESH}&type=recovery&error=server_error`).kind).toBe('error');
  });

  it.each([
    ['without a refresh token', '#access_token=a&type=recovery'],
    ['without a type', `#access_token=a&refresh_token=${REFRESH}`],
    ['of another type', `#access_token=a&refresh_token=${REFRESH}&type=signup`],
  ])('calls an access token %s an invalid format', (_label, hash) => {
    expect(parseRecoveryLink(hash)).toEqual({ kind: 'invalid' });
  });

  it('finds nothing in an empty or unrelated fragment', () => {
    expect(parseRecoveryLink('')).toEqual({ kind: 'none' });
    expect(parseRecoveryLink('#section-2')).toEqual({ kind: 'none' });
  });

  it('expects the type of link the page handles', () => {
    const signup = `#access_token=a&refresh_token=${REFRESH}&expires_in=3600&type=signup`;
    expect(parseAuthLink('signup', signup)).toEqual({
      kind: 'tokens',
      tokens: { accessToken: 'a', refreshToken: REFRESH, expiresIn: 3600 },
    });
    expect(parseAuthLink('recovery', signup)).toEqual({ kind: 'invalid' });
  });
});
