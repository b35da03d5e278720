import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ACCOUNTS_SUBJECTS, GatewayErrorCode } from '@lt/contracts';
import { Bus, DomainException } from '@lt/platform';
import { callerOf } from './caller.decorator';
import { NotAuthenticated } from './access-tokens';

export const NOT_ADMIN_MESSAGE = "You don't have permission to access the admin panel.";

/**
 * Lets through only a caller whose profile has role admin now. Goes after AuthGuard (401 without a valid
 * token). The token's own role claim is not trusted: it may be up to an hour old, so accounts-svc is asked.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly bus: Bus) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const caller = callerOf(context.switchToHttp().getRequest<Request>());
    if (!caller) throw new NotAuthenticated();
    const { role } = await this.bus.request(ACCOUNTS_SUBJECTS.callerRole, {
      caller: { userId: caller.userId, sessionId: caller.sessionId },
    });
    if (role !== 'admin') throw new DomainException(GatewayErrorCode.Forbidden, NOT_ADMIN_MESSAGE);
    return true;
  }
}
