import { Inject, Injectable } from '@nestjs/common';
import { PLANS, type ApplyUsageRequest, type QuotaStatus, type QuotaStatusRequest, type ReserveUsageRequest } from '@lt/contracts';
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

  /** What is left counts the tokens held by calls under way as spent. */
  async status(request: QuotaStatusRequest): Promise<QuotaStatus> {
    const { quota, used, held } = await this.usage.standing(request);
    const limit = request.ownerId ? (quota ?? PLANS.free.tokenQuota) : this.env.ANON_ROOM_TOKEN_BUDGET;
    const spent = used + held;
    return { allowed: spent + 1 <= limit, remaining: Math.max(0, limit - spent) };
  }

  /** Holds a call's estimate before it is made, or refuses it: the quota cannot be outrun by calls at once. */
  async reserve(request: ReserveUsageRequest): Promise<{ granted: boolean }> {
    const fallback = request.ownerId ? PLANS.free.tokenQuota : this.env.ANON_ROOM_TOKEN_BUDGET;
    return { granted: await this.usage.reserve(request, fallback) };
  }

  async apply(request: ApplyUsageRequest): Promise<{ applied: boolean }> {
    return { applied: await this.usage.apply(request) };
  }
}
