import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AccessTokens } from './access-tokens';
import { attachCaller } from './caller.decorator';

/** Lets a request through only with a valid `Authorization: Bearer …` access token; else 401 not_authenticated. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly tokens: AccessTokens) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    attachCaller(request, await this.tokens.fromHeader(request.get('authorization')));
    return true;
  }
}

/**
 * For routes open to everyone that do more for a signed-in caller: no `Authorization` header means nobody
 * (`@Caller()` is null), but a header that does not verify still answers 401 rather than silently dropping it.
 */
@Injectable()
export class OptionalAuthGuard implements CanActivate {
  constructor(private readonly tokens: AccessTokens) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const header = request.get('authorization');
    attachCaller(request, header ? await this.tokens.fromHeader(header) : null);
    return true;
  }
}
