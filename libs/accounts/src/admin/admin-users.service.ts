import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  PLANS,
  type AccountStats,
  type AdminUpdateUserBody,
  type AdminUser,
  type CallerContext,
  type ServiceHealth,
  type UserRole,
} from '@lt/contracts';
import { databaseHealth } from '@lt/platform';
import { ACCOUNTS_DATA_SOURCE } from '../accounts.database';
import { AccountsErrorCode, AccountsException } from '../accounts.exception';
import type { ProfileEntity } from '../profiles/profile.entity';
import { ProfilesRepository } from '../profiles/profiles.repository';
import { ProfilesService, toProfileResponse } from '../profiles/profiles.service';
import { SessionsService } from '../sessions/sessions.service';

/**
 * The admin panel's calls. Each checks the caller again here, from its open session and its profile's role
 * now, whatever the gateway checked: a role taken away works at once, not when the access token expires.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly profileService: ProfilesService,
    private readonly sessions: SessionsService,
    @Inject(ACCOUNTS_DATA_SOURCE) private readonly db: DataSource,
  ) {}

  /** The caller's role as its profile says now (ADMIN_EMAILS applied); a closed session is not authenticated. */
  async roleOf(caller: CallerContext): Promise<UserRole> {
    const userId = await this.sessions.requireActive(caller.sessionId);
    if (userId !== caller.userId) throw new AccountsException(AccountsErrorCode.NotAuthenticated, 'No authenticated user');
    return (await this.profileService.promoteIfListed(await this.profileService.get(userId))).role;
  }

  async list(caller: CallerContext): Promise<AdminUser[]> {
    await this.requireAdmin(caller);
    return (await this.profiles.listAll()).map(toProfileResponse);
  }

  /** The plan sets the quota with it (PLANS); the role as given. */
  async update(caller: CallerContext, userId: string, body: AdminUpdateUserBody): Promise<AdminUser> {
    await this.requireAdmin(caller);
    const patch: Partial<ProfileEntity> = {};
    if (body.plan_type !== undefined) {
      patch.planType = body.plan_type;
      patch.tokenQuota = PLANS[body.plan_type].tokenQuota;
    }
    if (body.role !== undefined) patch.role = body.role;
    return this.apply(userId, patch);
  }

  async resetTokens(caller: CallerContext, userId: string): Promise<AdminUser> {
    await this.requireAdmin(caller);
    return this.apply(userId, { tokensUsed: 0, lastReset: new Date() });
  }

  /** The e-mails of those users that exist, by id. */
  async emails(caller: CallerContext, userIds: string[]): Promise<{ emails: Record<string, string> }> {
    await this.requireAdmin(caller);
    const found = await this.profiles.findByIds([...new Set(userIds)]);
    return { emails: Object.fromEntries(found.map((p) => [p.id, p.email])) };
  }

  async stats(caller: CallerContext): Promise<AccountStats> {
    await this.requireAdmin(caller);
    return this.profiles.stats();
  }

  health(): Promise<ServiceHealth> {
    return databaseHealth(this.db);
  }

  private async requireAdmin(caller: CallerContext): Promise<void> {
    if ((await this.roleOf(caller)) !== 'admin') {
      throw new AccountsException(AccountsErrorCode.Forbidden, "You don't have permission to access the admin panel.");
    }
  }

  private async apply(userId: string, patch: Partial<ProfileEntity>): Promise<AdminUser> {
    if (!(await this.profiles.update(userId, patch))) throw new AccountsException(AccountsErrorCode.UserNotFound, 'User not found');
    const profile = await this.profiles.findById(userId);
    if (!profile) throw new AccountsException(AccountsErrorCode.UserNotFound, 'User not found');
    return toProfileResponse(profile);
  }
}
