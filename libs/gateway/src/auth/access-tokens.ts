import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { ACCESS_TOKEN_JWT, ACCOUNTS_SUBJECTS, AUTH_MESSAGES, GatewayErrorCode, type SessionRevokedEvent } from '@lt/contracts';
import { Bus, DomainException, ExpiringMap } from '@lt/platform';

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
/** How often the bus connection is looked at, and how old the list of revoked sessions may get. */
const WATCH_MS = 2_000;
const REVOKED_RESYNC_MS = 5 * 60_000;

/**
 * Verifies access tokens against accounts-svc's public keys (fetched over the bus, cached) and remembers
 * the revoked sessions, so that a signed-out token stops working at once, not at its expiry. Revocations are
 * announced on the bus; those made before this gateway started, or while it was cut off from the bus, it asks
 * accounts-svc for: no token is accepted before that list has been loaded once, and it is loaded again on
 * every reconnection and every few minutes.
 */
@Injectable()
export class AccessTokens implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AccessTokens');
  /** accounts-svc's key set, under its one key. */
  private readonly keys = new ExpiringMap<'jwks', JWTVerifyGetKey>({ max: 1, ttlMs: JWKS_TTL_MS });
  /** Revoked sessions, each until no token of it can be valid; unbounded, so that no flood pushes one out. */
  private readonly revoked = new ExpiringMap<string, true>({ ttlMs: REVOKED_TTL_MS });
  private readonly listeners = new Set<(event: SessionRevokedEvent) => void>();
  private revokedSyncedAt: number | null = null;
  private syncing: Promise<void> | null = null;
  private resyncDue = false;
  private wasConnected = false;
  private watcher: NodeJS.Timeout | null = null;

  constructor(private readonly bus: Bus) {}

  onApplicationBootstrap(): void {
    this.watcher = setInterval(() => this.watchBus(), WATCH_MS);
    this.watcher.unref();
    void this.syncRevoked().catch(() => undefined);
  }

  onModuleDestroy(): void {
    if (this.watcher) clearInterval(this.watcher);
  }

  /** Loads the sessions accounts-svc revoked within an access token's lifetime and refuses their tokens too. */
  syncRevoked(): Promise<void> {
    this.syncing ??= this.bus
      .request(ACCOUNTS_SUBJECTS.revokedSessions, {})
      .then(({ sessions }) => {
        const learned = sessions.filter((s) => !this.revoked.has(s.id)).map((s) => s.id);
        for (const s of sessions) this.remember(s.id, Date.parse(s.revokedAt) + REVOKED_TTL_MS - Date.now());
        this.revokedSyncedAt = Date.now();
        this.resyncDue = false;
        // Sockets of sessions revoked while this gateway was not listening close now.
        if (learned.length) this.listeners.forEach((l) => l({ userId: '', sessionIds: learned }));
      })
      .catch((error: unknown) => {
        this.logger.warn(`could not load the revoked sessions: ${(error as Error).message}`);
        throw error;
      })
      .finally(() => (this.syncing = null));
    return this.syncing;
  }

  async verify(token: string): Promise<Caller> {
    if (this.revokedSyncedAt === null) await this.syncRevoked();
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
    for (const id of event.sessionIds) this.remember(id, REVOKED_TTL_MS);
    this.listeners.forEach((l) => l(event));
  }

  /** Refuses the session's tokens for `forMs` more, unless it is refused longer already. */
  private remember(sessionId: string, forMs: number): void {
    if (forMs > 0 && forMs > this.revoked.remaining(sessionId)) this.revoked.set(sessionId, true, forMs);
  }

  /** A (re)connection may have missed announcements: the list is loaded again then, and when it gets old. */
  private watchBus(): void {
    const connected = this.bus.isConnected();
    if (connected && !this.wasConnected) this.resyncDue = true;
    this.wasConnected = connected;
    const old = this.revokedSyncedAt === null || Date.now() - this.revokedSyncedAt > REVOKED_RESYNC_MS;
    if (connected && (this.resyncDue || old)) void this.syncRevoked().catch(() => undefined);
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

  private keySet(refresh: boolean): Promise<JWTVerifyGetKey> {
    if (refresh) this.keys.delete('jwks');
    return this.keys.fetch('jwks', async () => {
      const jwks = (await this.bus.request(ACCOUNTS_SUBJECTS.jwks, {})) as unknown as JSONWebKeySet;
      this.logger.debug(`loaded ${jwks.keys.length} signing keys`);
      return createLocalJWKSet(jwks);
    });
  }
}
