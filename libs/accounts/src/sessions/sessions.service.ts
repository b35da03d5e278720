import { Injectable } from '@nestjs/common';
import { ACCOUNTS_SUBJECTS, type AuthSession, type AuthUser, type RevokedSessions, type SessionRevokedEvent } from '@lt/contracts';
import { Bus, newSecret, sha256 } from '@lt/platform';
import { AUTH_TIMES } from '../accounts.config';
import { AccountsErrorCode, AccountsException } from '../accounts.exception';
import { ProfilesService } from '../profiles/profiles.service';
import type { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { SessionsRepository } from './sessions.repository';
import { TokenSigner } from './token-signer';

export function toAuthUser(user: UserEntity): AuthUser {
  return {
    id: user.id,
    email: user.email,
    email_confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    user_metadata: { name: user.name, full_name: user.name },
    created_at: user.createdAt.toISOString(),
  };
}

/** Sessions: a signed 1-hour access token plus an opaque refresh token that rotates on every use. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly profiles: ProfilesService,
    private readonly signer: TokenSigner,
    private readonly bus: Bus,
  ) {}

  async start(user: UserEntity): Promise<AuthSession> {
    const sessionId = crypto.randomUUID();
    const refreshToken = newSecret();
    const now = new Date();
    await this.sessions.create(
      {
        id: sessionId,
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + AUTH_TIMES.sessionDays * 86_400_000),
        revokedAt: null,
        revokedReason: null,
      },
      sha256(refreshToken),
    );
    return this.answer(user, sessionId, refreshToken);
  }

  async refresh(refreshToken: string): Promise<AuthSession> {
    const successor = newSecret();
    const outcome = await this.sessions.rotate(sha256(refreshToken), sha256(successor), AUTH_TIMES.refreshReuseGraceMs);
    if (outcome.kind === 'invalid') throw new AccountsException(AccountsErrorCode.InvalidRefreshToken, 'Invalid Refresh Token');
    if (outcome.kind === 'reused') {
      await this.revoke(outcome.session.userId, outcome.session.id, 'refresh_token_reused');
      throw new AccountsException(AccountsErrorCode.RefreshTokenReused, 'Invalid Refresh Token: Already Used');
    }
    const user = await this.users.findById(outcome.session.userId);
    if (!user) throw new AccountsException(AccountsErrorCode.InvalidRefreshToken, 'Invalid Refresh Token');
    return this.answer(user, outcome.session.id, successor);
  }

  /** The caller's session, if it is still open; every account operation checks it. */
  async requireActive(sessionId: string): Promise<string> {
    const session = await this.sessions.findActive(sessionId);
    if (!session) throw new AccountsException(AccountsErrorCode.NotAuthenticated, 'No authenticated user');
    return session.userId;
  }

  async revoke(userId: string, sessionId: string, reason: string): Promise<void> {
    await this.sessions.revoke(sessionId, reason);
    this.announce({ userId, sessionIds: [sessionId] });
  }

  async revokeAll(userId: string, reason: string, keep?: string): Promise<void> {
    const ids = await this.sessions.revokeAllOf(userId, reason, keep);
    if (ids.length) this.announce({ userId, sessionIds: ids });
  }

  /**
   * The sessions revoked recently enough that an access token issued before could still be unexpired (with a
   * minute of margin for clocks): what a gateway that starts or reconnects must refuse besides what it hears.
   */
  async recentlyRevoked(): Promise<RevokedSessions> {
    const sessions = await this.sessions.revokedSince(AUTH_TIMES.accessTokenSeconds * 1000 + 60_000);
    return { sessions: sessions.map((s) => ({ id: s.id, revokedAt: s.revokedAt.toISOString() })) };
  }

  announce(event: SessionRevokedEvent): void {
    this.bus.emit(ACCOUNTS_SUBJECTS.sessionRevoked, event);
  }

  private async answer(user: UserEntity, sessionId: string, refreshToken: string): Promise<AuthSession> {
    const profile = await this.profiles.promoteIfListed(await this.profiles.get(user.id));
    const lifetime = AUTH_TIMES.accessTokenSeconds;
    const accessToken = await this.signer.sign({ sub: user.id, sid: sessionId, email: user.email, role: profile.role }, lifetime);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: lifetime,
      expires_at: Math.floor(Date.now() / 1000) + lifetime,
      refresh_token: refreshToken,
      user: toAuthUser(user),
    };
  }
}
