import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { WebSocket } from 'ws';
import { LiveSocket } from './live-socket';

/** The LiveSocket of the connection a frame came on. */
export const Live = createParamDecorator((_data: unknown, ctx: ExecutionContext) => LiveSocket.of(ctx.switchToWs().getClient<WebSocket>()));
