import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ACCOUNTS_DATA_SOURCE } from '../accounts.database';
import { ProfileEntity } from '../profiles/profile.entity';
import { IdentityEntity, UserEntity } from './user.entity';

@Injectable()
export class UsersRepository {
  constructor(@Inject(ACCOUNTS_DATA_SOURCE) private readonly db: DataSource) {}

  findById(id: string): Promise<UserEntity | null> {
    return this.db.getRepository(UserEntity).findOneBy({ id });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.db.getRepository(UserEntity).findOneBy({ email });
  }

  /** The user and its profile are created together: a user never exists without one. */
  async createWithProfile(user: UserEntity, profile: ProfileEntity, identity?: Omit<IdentityEntity, 'userId'>): Promise<void> {
    await this.db.transaction(async (em) => {
      await em.insert(UserEntity, user);
      await em.insert(ProfileEntity, profile);
      if (identity) await em.insert(IdentityEntity, { ...identity, userId: user.id });
    });
  }

  async findByIdentity(provider: string, subject: string): Promise<UserEntity | null> {
    const identity = await this.db.getRepository(IdentityEntity).findOneBy({ provider, subject });
    return identity ? this.findById(identity.userId) : null;
  }

  async linkIdentity(userId: string, provider: string, subject: string): Promise<void> {
    await this.db
      .createQueryBuilder()
      .insert()
      .into(IdentityEntity)
      .values({ id: crypto.randomUUID(), userId, provider, subject, createdAt: new Date() })
      .orIgnore()
      .execute();
  }

  async update(id: string, patch: Partial<Pick<UserEntity, 'email' | 'name' | 'passwordHash' | 'emailConfirmedAt'>>): Promise<void> {
    await this.db.transaction(async (em) => {
      await em.update(UserEntity, { id }, { ...patch, updatedAt: new Date() });
      const profilePatch: Partial<ProfileEntity> = {};
      if (patch.email !== undefined) profilePatch.email = patch.email;
      if (patch.name !== undefined) profilePatch.name = patch.name;
      if (Object.keys(profilePatch).length) await em.update(ProfileEntity, { id }, profilePatch);
    });
  }

  /**
   * Deletes the user with everything kept of it: identities, sessions, refresh and recovery tokens and the
   * profile go by their foreign keys; the token ledger and the failed sign-ins of its address have none.
   */
  async delete(id: string, email: string): Promise<void> {
    await this.db.transaction(async (em) => {
      await em.query(`DELETE FROM accounts.token_usage WHERE user_id = $1`, [id]);
      await em.query(`DELETE FROM accounts.token_reservations WHERE user_id = $1`, [id]);
      await em.query(`DELETE FROM accounts.sign_in_throttle WHERE lower(email) = lower($1)`, [email]);
      await em.delete(UserEntity, { id });
    });
  }

  async emailTaken(email: string, exceptUserId: string): Promise<boolean> {
    const other = await this.findByEmail(email);
    return other !== null && other.id !== exceptUserId;
  }
}
