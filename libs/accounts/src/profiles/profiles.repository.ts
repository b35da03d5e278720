import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { AccountStats, InterfaceLocale, TokenUsageEvent, UserRole } from '@lt/contracts';
import { ACCOUNTS_DATA_SOURCE } from '../accounts.database';
import { ProfileEntity } from './profile.entity';

@Injectable()
export class ProfilesRepository {
  constructor(@Inject(ACCOUNTS_DATA_SOURCE) private readonly db: DataSource) {}

  findById(id: string): Promise<ProfileEntity | null> {
    return this.db.getRepository(ProfileEntity).findOneBy({ id });
  }

  async insertIfMissing(profile: ProfileEntity): Promise<void> {
    await this.db.createQueryBuilder().insert().into(ProfileEntity).values(profile).orIgnore().execute();
  }

  async setRole(id: string, role: UserRole): Promise<void> {
    await this.db.getRepository(ProfileEntity).update({ id }, { role });
  }

  async setLocale(id: string, locale: InterfaceLocale): Promise<void> {
    await this.db.getRepository(ProfileEntity).update({ id }, { locale });
  }

  /** Every profile, newest first (the admin panel). */
  listAll(): Promise<ProfileEntity[]> {
    return this.db.getRepository(ProfileEntity).find({ order: { createdAt: 'DESC', id: 'ASC' } });
  }

  findByIds(ids: string[]): Promise<ProfileEntity[]> {
    return ids.length ? this.db.getRepository(ProfileEntity).findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  /** The admin's changes; false when there is no such profile. */
  async update(
    id: string,
    patch: Partial<Pick<ProfileEntity, 'planType' | 'tokenQuota' | 'role' | 'tokensUsed' | 'lastReset'>>,
  ): Promise<boolean> {
    const result = await this.db.getRepository(ProfileEntity).update({ id }, patch);
    return Boolean(result.affected);
  }

  async stats(): Promise<AccountStats> {
    const [row] = await this.db.query<{ total: string; premium: string; admins: string; tokens: string }[]>(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE plan_type = 'premium') AS premium,
              count(*) FILTER (WHERE role = 'admin') AS admins,
              coalesce(sum(tokens_used), 0) AS tokens
       FROM accounts.profiles`,
    );
    return {
      total_users: Number(row.total),
      premium_users: Number(row.premium),
      admin_users: Number(row.admins),
      total_token_usage: Number(row.tokens),
    };
  }

  /** Applies a usage event once: the ledger row and the counter move together, or not at all. */
  async applyUsage(event: TokenUsageEvent): Promise<boolean> {
    return this.db.transaction(async (em) => {
      const inserted = await em.query(
        `INSERT INTO accounts.token_usage (event_id, user_id, room_id, tokens, event_type)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
        [event.eventId, event.userId, event.roomId, event.tokens, event.eventType],
      );
      if (inserted.length === 0) return false;
      await em.query(`UPDATE accounts.profiles SET tokens_used = tokens_used + $2 WHERE id = $1`, [event.userId, event.tokens]);
      return true;
    });
  }
}
