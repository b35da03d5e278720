import { Inject, Injectable } from '@nestjs/common';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { ACCOUNTS_ENV, type AccountsConfig } from '../accounts.config';
import { AccountsErrorCode, AccountsException } from '../accounts.exception';

export interface VerifiedIdentity {
  subject: string;
  email: string;
  name: string | null;
}

/** Checks a Keycloak ID token against the realm's keys: signature, issuer, audience, expiry, verified e-mail. */
@Injectable()
export class IdTokenVerifier {
  private readonly realm: { issuer: string; audience: string; keys: JWTVerifyGetKey } | null;

  constructor(@Inject(ACCOUNTS_ENV) config: AccountsConfig) {
    const { KEYCLOAK_URL: url, KEYCLOAK_REALM: realm, KEYCLOAK_CLIENT_ID: clientId } = config;
    if (!url || !realm || !clientId) {
      this.realm = null;
      return;
    }
    const issuer = `${url.replace(/\/+$/, '')}/realms/${realm}`;
    this.realm = { issuer, audience: clientId, keys: createRemoteJWKSet(new URL(`${issuer}/protocol/openid-connect/certs`)) };
  }

  async verify(idToken: string): Promise<VerifiedIdentity> {
    if (!this.realm) throw new AccountsException(AccountsErrorCode.SocialNotConfigured, 'Social sign-in is not configured');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, this.realm.keys, { issuer: this.realm.issuer, audience: this.realm.audience }));
    } catch (error) {
      throw new AccountsException(AccountsErrorCode.InvalidIdToken, `Invalid ID token: ${(error as Error).message}`);
    }
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    if (!email || payload.email_verified !== true) {
      throw new AccountsException(AccountsErrorCode.InvalidIdToken, 'Invalid ID token: the e-mail is not verified');
    }
    return { subject: String(payload.sub), email, name: typeof payload.name === 'string' ? payload.name : null };
  }
}
