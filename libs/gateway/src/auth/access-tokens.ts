import { Injectable, Logger } from '@nestjs/common';
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { ACCESS_TOKEN_JWT, ACCOUNTS_SUBJECTS, AUTH_MESSAGES, GatewayErrorCode, type SessionRevokedEvent } from '@lt/contracts';
import { Bus, DomainException } from '@lt/platform';

export interface Caller {
  userId: string;
  sessionId: string;
  email: string;
  role: 'user' | 'admin';
}

export class NotAuthenticated extends DomainException {
  constructor(message: string = AUTH_MESSAGES.noUser) {
    super(GatewayErrorCode.NotAuthenticated, message);
  }
}

const JWKS_TTL_MS = 5 * 60_000;
const REVOKED_TTL_MS = 3600_000;

/**
 * Verifies access tokens against accounts-svc's public keys (fetched over the bus, cached) and remembers
 * the sessions revoked since, so that a signed-out token stops working at once, not at its expiry.
 */
@Injectable()
export class AccessTokens {
  private readonly logger = new Logger('AccessTokens');
  private keys: { set: JWTVerifyGetKey; at: number } | null = null;
  private readonly revoked = new Map<string, number>();
  private readonly listeners = new Set<(event: SessionRevokedEvent) => void>();

  constructor(private readonly bus: Bus) {}

  async verify(token: string): Promise<Caller> {
    try {
      return await this.verifyWith(await this.keySet(false), token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey) return this.verifyWith(await this.keySet(true), token);
      throw error;
    }
  }

  /** The caller of an `Authorization: Bearer …` header; anything else answers 401. */
  async fromHeader(header: string | undefined): Promise<Caller> {
    const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
    if (!token) throw new NotAuthenticated();
    return this.verify(token).catch((error) => {
      if (error instanceof DomainException) throw error;
      throw new NotAuthenticated();
    });
  }

  onRevoked(listener: (event: SessionRevokedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  revoke(event: SessionRevokedEvent): void {
    const until = Date.now() + REVOKED_TTL_MS;
    for (const id of event.sessionIds) this.revoked.set(id, until);
    for (const [id, expiry] of this.revoked) if (expiry < Date.now()) this.revoked.delete(id);
    this.listeners.forEach((l) => l(event));
  }

  private async verifyWith(keys: JWTVerifyGetKey, token: string): Promise<Caller> {
    // A token without an expiry or issue time is refused, not taken as valid for ever.
    const { payload } = await jwtVerify(token, keys, {
      issuer: ACCESS_TOKEN_JWT.issuer,
      audience: ACCESS_TOKEN_JWT.audience,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const sessionId = String(payload.sid ?? '');
    if (!payload.sub || !sessionId || this.revoked.has(sessionId)) throw new NotAuthenticated();
    return { userId: payload.sub, sessionId, email: String(payload.email ?? ''), role: payload.role === 'admin' ? 'admin' : 'user' };
  }

  private async keySet(refresh: boolean): Promise<JWTVerifyGetKey> {
    if (!refresh && this.keys && Date.now() - this.keys.at < JWKS_TTL_MS) return this.keys.set;
    const jwks = (await this.bus.request(ACCOUNTS_SUBJECTS.jwks, {})) as unknown as JSONWebKeySet;
    this.keys = { set: createLocalJWKSet(jwks), at: Date.now() };
    this.logger.debug(`loaded ${jwks.keys.length} signing keys`);
    return this.keys.set;
  }
}
