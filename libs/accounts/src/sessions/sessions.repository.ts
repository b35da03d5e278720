import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull, Not } from 'typeorm';
import { ACCOUNTS_DATA_SOURCE } from '../accounts.database';
import { RefreshTokenEntity, SessionEntity, SigningKeyEntity } from './session.entity';

export type RotateOutcome =
  | { kind: 'rotated'; session: SessionEntity }
  | { kind: 'grace'; session: SessionEntity }
  | { kind: 'reused'; session: SessionEntity }
  | { kind: 'invalid' };

/** Every revocation is also logged by session id, for gateways that start after it was announced. */
async function logRevocations(em: EntityManager, sessionIds: string[]): Promise<void> {
  await em.query(
    `INSERT INTO accounts.session_revocations (session_id, revoked_at) SELECT unnest($1::uuid[]), now() ON CONFLICT (session_id) DO NOTHING`,
    [sessionIds],
  );
}

@Injectable()
export class SessionsRepository {
  constructor(@Inject(ACCOUNTS_DATA_SOURCE) private readonly db: DataSource) {}

  async create(session: SessionEntity, refreshHash: string): Promise<void> {
    await this.db.transaction(async (em) => {
      await em.insert(SessionEntity, session);
      await em.insert(RefreshTokenEntity, {
        id: crypto.randomUUID(),
        sessionId: session.id,
        tokenHash: refreshHash,
        createdAt: new Date(),
        usedAt: null,
      });
    });
  }

  /**
   * Spends a refresh token and stores its successor, under a row lock so that two concurrent uses of one
   * token cannot both pass. A token spent within `graceMs` may be spent again (a client retrying after a
   * lost answer); later, its reuse means theft and the caller revokes the family.
   */
  async rotate(tokenHash: string, successorHash: string, graceMs: number, now = new Date()): Promise<RotateOutcome> {
    return this.db.transaction(async (em) => {
      const token = await em
        .getRepository(RefreshTokenEntity)
        .createQueryBuilder('t')
        .setLock('pessimistic_write')
        .where('t.token_hash = :tokenHash', { tokenHash })
        .getOne();
      if (!token) return { kind: 'invalid' } as const;
      const session = await em.getRepository(SessionEntity).findOneBy({ id: token.sessionId });
      if (!session || session.revokedAt || session.expiresAt <= now) return { kind: 'invalid' } as const;
      if (token.usedAt && now.getTime() - token.usedAt.getTime() > graceMs) return { kind: 'reused', session } as const;
      const kind = token.usedAt ? ('grace' as const) : ('rotated' as const);
      if (!token.usedAt) await em.update(RefreshTokenEntity, { id: token.id }, { usedAt: now });
      await em.insert(RefreshTokenEntity, {
        id: crypto.randomUUID(),
        sessionId: session.id,
        tokenHash: successorHash,
        createdAt: now,
        usedAt: null,
      });
      return { kind, session };
    });
  }

  findActive(sessionId: string, now = new Date()): Promise<SessionEntity | null> {
    return this.db
      .getRepository(SessionEntity)
      .createQueryBuilder('s')
      .where('s.id = :sessionId AND s.revoked_at IS NULL AND s.expires_at > :now', { sessionId, now })
      .getOne();
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.db.transaction(async (em) => {
      await em
        .getRepository(SessionEntity)
        .update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date(), revokedReason: reason });
      await logRevocations(em, [sessionId]);
    });
  }

  /** Revokes every open session of a user but `keep`; answers the ids revoked. */
  async revokeAllOf(userId: string, reason: string, keep?: string): Promise<string[]> {
    const open = await this.db.getRepository(SessionEntity).find({
      where: { userId, revokedAt: IsNull(), ...(keep ? { id: Not(keep) } : {}) },
      select: { id: true },
    });
    const ids = open.map((s) => s.id);
    if (ids.length) {
      await this.db.transaction(async (em) => {
        await em.getRepository(SessionEntity).update({ id: In(ids) }, { revokedAt: new Date(), revokedReason: reason });
        await logRevocations(em, ids);
      });
    }
    return ids;
  }

  /**
   * The sessions revoked within `windowMs`, from the revocation log (which outlives the sessions of a deleted
   * account); entries past twice the window are dropped on the way.
   */
  async revokedSince(windowMs: number): Promise<{ id: string; revokedAt: Date }[]> {
    const seconds = windowMs / 1000;
    await this.db.query(`DELETE FROM accounts.session_revocations WHERE revoked_at < now() - make_interval(secs => $1)`, [2 * seconds]);
    const rows: { session_id: string; revoked_at: Date }[] = await this.db.query(
      `SELECT session_id, revoked_at FROM accounts.session_revocations WHERE revoked_at > now() - make_interval(secs => $1)`,
      [seconds],
    );
    return rows.map((r) => ({ id: r.session_id, revokedAt: r.revoked_at }));
  }

  signingKeys(): Promise<SigningKeyEntity[]> {
    return this.db.getRepository(SigningKeyEntity).find({ order: { createdAt: 'DESC' } });
  }

  async addSigningKey(key: SigningKeyEntity): Promise<void> {
    await this.db.getRepository(SigningKeyEntity).insert(key);
  }
}
