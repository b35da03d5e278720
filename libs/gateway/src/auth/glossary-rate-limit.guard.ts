import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { roomIdSchema } from '@lt/contracts';
import { GATEWAY_ENV, type GatewayConfig } from '../gateway.config';
import { retryAfterSeconds, TooManyRequests } from './ip-rate-limiter.guard';
import { IpRateLimiter, type RateLimitKind } from './ip-rate-limiter';

/** Glossary writes and revisions, per room (each revision translates many lines into many languages). */
export const GLOSSARY_RATE_LIMIT: RateLimitKind = {
  keyPrefix: 'glossary_room',
  tableName: 'glossary_rate_limits',
  rateOf: (c) => ({ burst: c.GLOSSARY_WRITES_PER_MINUTE, perMinute: c.GLOSSARY_WRITES_PER_MINUTE }),
};

export const GLOSSARY_LIMITER = Symbol('GLOSSARY_LIMITER');

export const glossaryLimiterProvider = {
  provide: GLOSSARY_LIMITER,
  inject: [GATEWAY_ENV],
  useFactory: (c: GatewayConfig) => IpRateLimiter.create(c, GLOSSARY_RATE_LIMIT),
};

/** Refuses a room's glossary writes and revisions over `GLOSSARY_WRITES_PER_MINUTE`, with Retry-After. */
@Injectable()
export class GlossaryRateLimitGuard implements CanActivate {
  constructor(@Inject(GLOSSARY_LIMITER) private readonly limiter: IpRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const room = roomIdSchema.safeParse(http.getRequest<Request>().params.roomId);
    if (!room.success) return true;
    const waitMs = await this.limiter.take(room.data);
    if (waitMs === null) return true;
    http.getResponse<Response>().setHeader('Retry-After', retryAfterSeconds(waitMs));
    throw new TooManyRequests();
  }
}
