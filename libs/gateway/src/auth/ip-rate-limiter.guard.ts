import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AUTH_MESSAGES, GatewayErrorCode } from '@lt/contracts';
import { DomainException } from '@lt/platform';
import { IpRateLimiter } from './ip-rate-limiter';

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
    http.getResponse<Response>().setHeader('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
    throw new TooManyRequests();
  }
}
