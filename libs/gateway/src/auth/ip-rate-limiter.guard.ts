import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { isIPv6 } from 'node:net';
import type { Request, Response } from 'express';
import { AUTH_MESSAGES, CLIENT_ID_HEADER, clientIdSchema, GatewayErrorCode, roomIdSchema } from '@lt/contracts';
import { DomainException } from '@lt/platform';
import { z } from 'zod';
import { callerOf } from './caller.decorator';
import { IpRateLimiter, ROOM_CREATE_LIMITER } from './ip-rate-limiter';

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

/** The Retry-After header's value for a wait of `waitMs`: whole seconds, at least one. */
export const retryAfterSeconds = (waitMs: number) => String(Math.max(1, Math.ceil(waitMs / 1000)));

function refuse(res: Response, waitMs: number): never {
  res.setHeader('Retry-After', retryAfterSeconds(waitMs));
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

/** The limiters of one kind of viewer call: per client id, per room, per address (a cap only when set). */
export interface ViewerCallLimiters {
  client: IpRateLimiter;
  room: IpRateLimiter;
  address: IpRateLimiter;
}

/** The limiters of summaries and of messages read aloud, injected by these tokens. */
export const SUMMARY_LIMITERS = Symbol('SUMMARY_LIMITERS');
export const AUDIO_LIMITERS = Symbol('AUDIO_LIMITERS');
export const TRANSCRIPT_LIMITERS = Symbol('TRANSCRIPT_LIMITERS');
export const QUESTION_LIMITERS = Symbol('QUESTION_LIMITERS');
export const VOTE_LIMITERS = Symbol('VOTE_LIMITERS');

const clientIdHeaderSchema = z.object({ [CLIENT_ID_HEADER.toLowerCase()]: clientIdSchema.optional() });

/** The caller's X-Client-Id; throws a ZodError (a 400 naming the header) when it is malformed. */
export function clientIdOf(headers: Request['headers']): string | undefined {
  return clientIdHeaderSchema.parse(headers)[CLIENT_ID_HEADER.toLowerCase()];
}

/**
 * Counts one viewer call against its shares: null when allowed, else how long until the next one is (ms). A
 * venue's audience shares one address, so the share is per client id (the address stands in for a caller that
 * sends none) and per room; per address only when the operator set a cap. The client id comes first: a
 * flooding client is refused before it spends the room's share. A malformed room id (undefined here) is
 * refused by the route itself and gets no counter of its own.
 */
export async function takeViewerCall(
  limiters: ViewerCallLimiters,
  caller: { address: string; clientId: string | undefined; roomId: string | undefined },
): Promise<number | null> {
  const checks: [IpRateLimiter, string][] = [
    [limiters.client, caller.clientId ? `id:${caller.clientId}` : `ip:${caller.address}`],
    [limiters.address, `ip:${caller.address}`],
    ...(caller.roomId ? [[limiters.room, caller.roomId] as [IpRateLimiter, string]] : []),
  ];
  for (const [limiter, key] of checks) {
    const waitMs = await limiter.take(key);
    if (waitMs !== null) return waitMs;
  }
  return null;
}

/**
 * The network a client address counts for: an IPv6 address by its /64 (one subscriber's network hands out any
 * address in it), an IPv4 one (also written IPv4-mapped) as it is.
 */
export function networkOf(address: string): string {
  const ip = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Refuses a viewer's call over its share (see takeViewerCall), with Retry-After. */
abstract class ViewerCallRateLimitGuard implements CanActivate {
  constructor(private readonly limiters: ViewerCallLimiters) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const room = roomIdSchema.safeParse(req.params.roomId);
    const waitMs = await takeViewerCall(this.limiters, {
      address: networkOf(req.ip ?? 'unknown'),
      clientId: clientIdOf(req.headers),
      roomId: room.success ? room.data : undefined,
    });
    if (waitMs !== null) refuse(http.getResponse<Response>(), waitMs);
    return true;
  }
}

@Injectable()
export class SummaryRateLimitGuard extends ViewerCallRateLimitGuard {
  constructor(@Inject(SUMMARY_LIMITERS) limiters: ViewerCallLimiters) {
    super(limiters);
  }
}

@Injectable()
export class AudioRateLimitGuard extends ViewerCallRateLimitGuard {
  constructor(@Inject(AUDIO_LIMITERS) limiters: ViewerCallLimiters) {
    super(limiters);
  }
}

@Injectable()
export class TranscriptRateLimitGuard extends ViewerCallRateLimitGuard {
  constructor(@Inject(TRANSCRIPT_LIMITERS) limiters: ViewerCallLimiters) {
    super(limiters);
  }
}

@Injectable()
export class QuestionRateLimitGuard extends ViewerCallRateLimitGuard {
  constructor(@Inject(QUESTION_LIMITERS) limiters: ViewerCallLimiters) {
    super(limiters);
  }
}

@Injectable()
export class VoteRateLimitGuard extends ViewerCallRateLimitGuard {
  constructor(@Inject(VOTE_LIMITERS) limiters: ViewerCallLimiters) {
    super(limiters);
  }
}
