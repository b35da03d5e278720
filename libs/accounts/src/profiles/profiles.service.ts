import { Inject, Injectable, Logger } from '@nestjs/common';
import { PLANS, type InterfaceLocale, type ProfileResponse, type TokenUsageEvent, type UserRole } from '@lt/contracts';
import { ACCOUNTS_ENV, type AccountsConfig } from '../accounts.config';
import type { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { AccountsErrorCode, AccountsException } from '../accounts.exception';
import { ProfileEntity } from './profile.entity';
import { ProfilesRepository } from './profiles.repository';

/** A profile's name: the given name, else the e-mail's local part, else 'User'. */
export function displayName(name: string | null | undefined, email: string): string {
  return name?.trim() || email.split('@')[0] || 'User';
}

export function toProfileResponse(p: ProfileEntity): ProfileResponse {
  return {
    id: p.id,
    email: p.email,
    name: p.name,
    plan_type: p.planType,
    token_quota: p.tokenQuota,
    tokens_used: p.tokensUsed,
    tokens_remaining: Math.max(0, p.tokenQuota - p.tokensUsed),
    role: p.role,
    locale: p.locale,
    last_reset: p.lastReset?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
  };
}

@Injectable()
export class ProfilesService {
  private readonly logger = new Logger('Profiles');

  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly users: UsersRepository,
    @Inject(ACCOUNTS_ENV) private readonly config: AccountsConfig,
  ) {}

  roleFor(email: string): UserRole {
    return this.config.ADMIN_EMAILS.includes(email.toLowerCase()) ? 'admin' : 'user';
  }

  newProfile(user: Pick<UserEntity, 'id' | 'email' | 'name'>): ProfileEntity {
    return {
      id: user.id,
      email: user.email,
      name: displayName(user.name, user.email),
      planType: 'free',
      tokenQuota: PLANS.free.tokenQuota,
      tokensUsed: 0,
      role: this.roleFor(user.email),
      locale: null,
      lastReset: null,
      createdAt: new Date(),
    };
  }

  /** The profile; a missing one is created from the user and read again (what a `create_user_profile` trigger would do). */
  async get(userId: string): Promise<ProfileEntity> {
    const found = await this.profiles.findById(userId);
    if (found) return found;
    const user = await this.users.findById(userId);
    if (!user) throw new AccountsException(AccountsErrorCode.NotAuthenticated, 'No authenticated user');
    this.logger.warn(`profile of ${userId} was missing; creating it`);
    await this.profiles.insertIfMissing(this.newProfile(user));
    const created = await this.profiles.findById(userId);
    if (!created) throw new Error('Failed to create user profile');
    return created;
  }

  /** Keeps the admin role in step with ADMIN_EMAILS for the listed addresses. */
  async promoteIfListed(profile: ProfileEntity): Promise<ProfileEntity> {
    if (profile.role === 'admin' || this.roleFor(profile.email) !== 'admin') return profile;
    await this.profiles.setRole(profile.id, 'admin');
    return { ...profile, role: 'admin' };
  }

  setLocale(userId: string, locale: InterfaceLocale): Promise<void> {
    return this.profiles.setLocale(userId, locale);
  }

  trackUsage(event: TokenUsageEvent): Promise<boolean> {
    return this.profiles.applyUsage(event);
  }
}
