import type { ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import type { Request } from 'express';
import { NotAuthenticated, type AccessTokens, type Caller } from './access-tokens';
import { AuthGuard, OptionalAuthGuard } from './auth.guard';
import { Caller as CallerParam } from './caller.decorator';

const ana: Caller = { userId: 'u1', sessionId: 's1', email: 'ana@example.com', role: 'user' };

/** Stands in for the JWKS check: only "Bearer good" verifies. */
const tokens = {
  fromHeader: async (header: string | undefined) => {
    if (header === 'Bearer good') return ana;
    throw new NotAuthenticated();
  },
} as unknown as AccessTokens;

function contextWith(authorization?: string): ExecutionContext {
  const request = { get: (name: string) => (name.toLowerCase() === 'authorization' ? authorization : undefined) } as Request;
  return { switchToHttp: () => ({ getRequest: () => request }) } as ExecutionContext;
}

/** What `@Caller()` hands the handler for this request. */
function callerOf(context: ExecutionContext): Caller | null {
  class Probe {
    handler(@CallerParam() caller: unknown) {
      return caller;
    }
  }
  type ParamFactory = (data: unknown, ctx: ExecutionContext) => Caller | null;
  const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, Probe, 'handler') as Record<string, { factory: ParamFactory }>;
  return Object.values(args)[0].factory(undefined, context);
}

describe('AuthGuard', () => {
  it('gives the handler the verified caller', async () => {
    const context = contextWith('Bearer good');
    await expect(new AuthGuard(tokens).canActivate(context)).resolves.toBe(true);
    expect(callerOf(context)).toEqual(ana);
  });

  it.each([undefined, 'Bearer forged', 'Basic abc'])('refuses %p with not_authenticated', async (header) => {
    await expect(new AuthGuard(tokens).canActivate(contextWith(header))).rejects.toMatchObject({ code: 'not_authenticated' });
  });
});

describe('OptionalAuthGuard', () => {
  it('lets an anonymous request through as nobody', async () => {
    const context = contextWith(undefined);
    await expect(new OptionalAuthGuard(tokens).canActivate(context)).resolves.toBe(true);
    expect(callerOf(context)).toBeNull();
  });

  it('gives a signed-in caller, and still refuses a token that does not verify', async () => {
    const context = contextWith('Bearer good');
    await new OptionalAuthGuard(tokens).canActivate(context);
    expect(callerOf(context)).toEqual(ana);
    await expect(new OptionalAuthGuard(tokens).canActivate(contextWith('Bearer forged'))).rejects.toMatchObject({
      code: 'not_authenticated',
    });
  });
});

describe('@Caller()', () => {
  it('fails loudly on a route without an auth guard', () => {
    expect(() => callerOf(contextWith('Bearer good'))).toThrow('@Caller() needs AuthGuard or OptionalAuthGuard on the route');
  });
});
