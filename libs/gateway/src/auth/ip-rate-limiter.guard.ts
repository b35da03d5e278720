import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AUTH_MESSAGES, GatewayErrorCode } from '@lt/contracts';
import { DomainException } from '@lt/platform';
import { callerOf } from './caller.decorator';
import { IpRateLimiter, ROOM_CREATE_LIMITER, SUMMARY_LIMITER } from './ip-rate-limiter';

export class TooManyRequests extends DomainException {
  constructor() {
    super(GatewayErrorCode.TooManyRequests, AUTH_MESSAGES.tooManyRequests);
  }
}

/** Refuses a client address over its share of sign-in, sign-up, token and recovery calls, with Retry-After. */
@Injectable()
export class IpRateLimitGuard implements CanActivate {
  constructor(private readonly limiter: IpRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const waitMs = await this.limiter.take(http.getRequest<Request>().ip ?? 'unknown');
    if (waitMs === null) return true;
    refuse(http.getResponse<Response>(), waitMs);
  }
}

function refuse(res: Response, waitMs: number): never {
  res.setHeader('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
  throw new TooManyRequests();
}

/**
 * Refuses room creation over its share, counted per client address and, for a signed-in caller, per user too
 * (so neither many addresses nor many users behind one address get more). Goes after OptionalAuthGuard.
 */
@Injectable()
export class RoomCreateRateLimitGuard implements CanActivate {
  constructor(@Inject(ROOM_CREATE_LIMITER) private readonly limiter: IpRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const byAddress = await this.limiter.take(`ip:${req.ip ?? 'unknown'}`);
    if (byAddress !== null) refuse(http.getResponse<Response>(), byAddress);
    const userId = callerOf(req)?.userId;
    const byUser = userId ? await this.limiter.take(`user:${userId}`) : null;
    if (byUser !== null) refuse(http.getResponse<Response>(), byUser);
    return true;
  }
}

/** Refuses a client address over its share of summaries (each may cost a language-model call), with Retry-After. */
@Injectable()
export class SummaryRateLimitGuard implements CanActivate {
  constructor(@Inject(SUMMARY_LIMITER) private readonly limiter: IpRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const waitMs = await this.limiter.take(`ip:${http.getRequest<Request>().ip ?? 'unknown'}`);
    if (waitMs === null) return true;
    refuse(http.getResponse<Response>(), waitMs);
  }
}
