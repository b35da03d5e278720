import { Inject, Injectable } from '@nestjs/common';
import { AUTH_MESSAGES } from '@lt/contracts';
import { DomainException } from '@lt/platform';
import { GATEWAY_ENV, type GatewayConfig } from '../gateway.config';

export class TooManyRequests extends DomainException {
  constructor() {
    super('over_request_rate_limit', AUTH_MESSAGES.tooManyRequests);
  }
}

export const DEFAULT_AUTH_RATE = { burst: 30, perMinute: 30 };
const MAX_TRACKED = 50_000;

/** Sign-in, sign-up and recovery calls one address may make: a burst, then a steady rate (token bucket). */
@Injectable()
export class IpRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly burst: number;
  private readonly perMs: number;

  constructor(@Inject(GATEWAY_ENV) config: GatewayConfig) {
    const rate = config.authRate ?? DEFAULT_AUTH_RATE;
    this.burst = rate.burst;
    this.perMs = rate.perMinute / 60_000;
  }

  take(ip: string, now = Date.now()): void {
    const bucket = this.buckets.get(ip) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    this.buckets.delete(ip);
    this.buckets.set(ip, bucket);
    if (this.buckets.size > MAX_TRACKED) this.buckets.delete(this.buckets.keys().next().value as string);
    if (bucket.tokens < 1) throw new TooManyRequests();
    bucket.tokens -= 1;
  }
}
