import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Caller as VerifiedCaller } from './access-tokens';

const CALLER = Symbol('caller');
type RequestWithCaller = Request & { [CALLER]?: VerifiedCaller | null };

export type Caller = VerifiedCaller;

/** Records who made the request (null: nobody signed in); only the auth guards call it. */
export function attachCaller(request: Request, caller: VerifiedCaller | null): void {
  (request as RequestWithCaller)[CALLER] = caller;
}

/** Who made the request as the auth guards found it: undefined before they ran, null for nobody. */
export function callerOf(request: Request): VerifiedCaller | null | undefined {
  return (request as RequestWithCaller)[CALLER];
}

/**
 * The signed-in caller of a route guarded by `AuthGuard`, or the caller or null under `OptionalAuthGuard`.
 * Without either guard there is no answer to give, which is a mistake in the route, not in the request.
 */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): VerifiedCaller | null => {
  const caller = context.switchToHttp().getRequest<RequestWithCaller>()[CALLER];
  if (caller === undefined) throw new Error('@Caller() needs AuthGuard or OptionalAuthGuard on the route');
  return caller;
});
