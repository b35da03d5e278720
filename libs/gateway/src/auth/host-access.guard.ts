import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { HOST_KEY_HEADER, hostKeySchema, RoomsErrorCode, type HostAccess } from '@lt/contracts';
import { DomainException } from '@lt/platform';
import { AccessTokens, NotAuthenticated } from './access-tokens';

const ACCESS = Symbol('host-access');
type RequestWithAccess = Request & { [ACCESS]?: HostAccess };

/**
 * Who calls a route that acts for a room's host (the glossary, the questions' moderation, the ingest keys, the
 * analytics), before its input is read: the room's host key when the `X-Host-Key` header is sent (the host
 * page, signed in or not), else the signed-in user; neither answers 401. Which room the key or the user may
 * act for is rooms-svc's to check.
 */
@Injectable()
export class HostAccessGuard implements CanActivate {
  constructor(private readonly tokens: AccessTokens) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithAccess>();
    const hostKey = request.get(HOST_KEY_HEADER);
    if (hostKey !== undefined) {
      if (!hostKeySchema.safeParse(hostKey).success) throw new DomainException(RoomsErrorCode.InvalidHostKey, 'Invalid host key');
      request[ACCESS] = { hostKey };
      return true;
    }
    const header = request.get('authorization');
    if (!header) throw new NotAuthenticated();
    request[ACCESS] = { ownerId: (await this.tokens.fromHeader(header)).userId };
    return true;
  }
}

/** The access `HostAccessGuard` found for the request. */
export const Access = createParamDecorator((_: unknown, context: ExecutionContext): HostAccess => {
  const access = context.switchToHttp().getRequest<RequestWithAccess>()[ACCESS];
  if (!access) throw new Error('@Access() needs HostAccessGuard on the route');
  return access;
});
