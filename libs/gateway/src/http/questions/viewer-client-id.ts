import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { CLIENT_ID_HEADER, clientIdSchema } from '@lt/contracts';
import { clientIdOf } from '../../auth/ip-rate-limiter.guard';

const HEADER = CLIENT_ID_HEADER.toLowerCase();
const requiredClientId = z.object({ [HEADER]: clientIdSchema });
const headersOf = (context: ExecutionContext) => context.switchToHttp().getRequest<Request>().headers;

/** The caller's X-Client-Id, which asking and voting need: a 400 naming the header without it. */
export const RequiredClientId = createParamDecorator(
  (_: unknown, context: ExecutionContext): string => requiredClientId.parse(headersOf(context))[HEADER],
);

/** The caller's X-Client-Id when it sent one (listing marks the questions it voted for). */
export const OptionalClientId = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined =>
  clientIdOf(headersOf(context)),
);
