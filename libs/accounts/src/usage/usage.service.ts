import { Inject, Injectable } from '@nestjs/common';
import { PLANS, type ApplyUsageRequest, type QuotaStatus, type QuotaStatusRequest } from '@lt/contracts';
import { ACCOUNTS_ENV } from '../accounts.config';
import type { AccountsEnv } from '../accounts.env';
import { UsageRepository } from './usage.repository';

/**
 * Whether a room may spend (used plus the requested amount, 1 by default, within the quota), and
 * applying what it spent: an owned room spends its owner's quota, an anonymous room its own budget.
 */
@Injectable()
export class UsageService {
  constructor(
    private readonly usage: UsageRepository,
    @Inject(ACCOUNTS_ENV) private readonly env: AccountsEnv,
  ) {}

  async status(request: QuotaStatusRequest): Promise<QuotaStatus> {
    const { quota, used } = request.ownerId
      ? ((await this.usage.quotaOf(request.ownerId)) ?? { quota: PLANS.free.tokenQuota, used: 0 })
      : { quota: this.env.ANON_ROOM_TOKEN_BUDGET, used: await this.usage.roomBudgetUsed(request.roomId) };
    const remaining = Math.max(0, quota - used);
    return { allowed: used + 1 <= quota, remaining };
  }

  async apply(request: ApplyUsageRequest): Promise<{ applied: boolean }> {
    return { applied: await this.usage.apply(request) };
  }
}
