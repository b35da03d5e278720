import { INestApplicationContext, Logger } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import { lastValueFrom, type Observable } from 'rxjs';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import { clientFrameSchema, LIMITS, LiveErrorCode, type ClientFrame } from '@lt/contracts';
import type { GatewayConfig } from '../gateway.config';
import { LiveSocket } from './live-socket';
import { isOriginAllowed } from './origin';

/** Frames one socket may send per second on average, with a burst allowance. */
const FRAMES_PER_SECOND = 20;
const FRAME_BURST = 60;

const logger = new Logger('LiveWsAdapter');

type Parsed = { frame: ClientFrame } | { error: string; messageId?: string };

/**
 * Parses and validates one text frame; a bad one is answered with a `bad_frame` error and goes no further.
 * A refused transcript names its messageId, so that the sender drops it instead of sending it again.
 */
export function parseFrame(data: RawData, isBinary: boolean): Parsed {
  if (isBinary) return { error: 'Frames must be JSON text' };
  let json: unknown;
  try {
    json = JSON.parse(data.toString());
  } catch {
    return { error: 'Frames must be JSON' };
  }
  const parsed = clientFrameSchema.safeParse(json);
  if (parsed.success) return { frame: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  const candidate = json as { type?: unknown; messageId?: unknown } | null;
  const messageId =
    candidate?.type === 'transcript' && typeof candidate.messageId === 'string' && candidate.messageId.length <= 64
      ? candidate.messageId
      : undefined;
  return { error: `Invalid frame: ${where}${issue?.message ?? 'unknown shape'}`, messageId };
}

/**
 * The protocol of `/ws` on Nest's ws adapter: the Origin allowlist (403 before the upgrade), the 64 KB frame
 * limit (1009), a per-socket rate limit, validation of every frame, then the `@SubscribeMessage` handler of
 * the frame's `type`. Frames of one socket are handled in order: a transcript never overtakes its join.
 */
export class LiveWsAdapter extends WsAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly config: GatewayConfig,
  ) {
    super(app);
  }

  create(port: number, options: Record<string, unknown> & { path?: string }) {
    return super.create(port, {
      ...options,
      maxPayload: LIMITS.frameMaxBytes,
      verifyClient: (info: { origin: string; req: IncomingMessage }, done: (ok: boolean, code?: number) => void) => {
        if (isOriginAllowed(info.req.headers.origin, info.req.headers.host, this.config.allowedOrigins)) return done(true);
        logger.warn(`refused a socket from origin ${info.req.headers.origin}`);
        done(false, 403);
      },
    });
  }

  /** A client's protocol error (e.g. a frame over the limit, closed with 1009 by ws) is the client's fault: debug only. */
  bindErrorHandler(server: WebSocketServer): WebSocketServer {
    server.on('connection', (ws: WebSocket) => ws.on('error', (error) => logger.debug(`socket error: ${error.message}`)));
    server.on('error', (error) => logger.error(error));
    return server;
  }

  bindMessageHandlers(
    ws: WebSocket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    const byType = new Map(handlers.map((h) => [h.message as string, h.callback]));
    let tokens = FRAME_BURST;
    let last = Date.now();
    let queue = Promise.resolve();
    ws.on('message', (data: RawData, isBinary: boolean) => {
      const now = Date.now();
      tokens = Math.min(FRAME_BURST, tokens + ((now - last) / 1000) * FRAMES_PER_SECOND);
      last = now;
      if (tokens < 1) return LiveSocket.of(ws).error(LiveErrorCode.RateLimited, 'Too many frames: slow down');
      tokens -= 1;
      queue = queue
        .then(() => this.dispatch(ws, data, isBinary, byType, transform))
        .catch((e) => logger.error('frame failed', e as Error));
    });
  }

  private async dispatch(
    ws: WebSocket,
    data: RawData,
    isBinary: boolean,
    byType: Map<string, MessageMappingProperties['callback']>,
    transform: (data: unknown) => Observable<unknown>,
  ): Promise<void> {
    const parsed = parseFrame(data, isBinary);
    if ('error' in parsed) return LiveSocket.of(ws).error(LiveErrorCode.BadFrame, parsed.error, parsed.messageId);
    const handler = byType.get(parsed.frame.type);
    if (!handler) return LiveSocket.of(ws).error(LiveErrorCode.BadFrame, `Unknown frame type ${parsed.frame.type}`);
    const reply = await lastValueFrom(transform(handler(parsed.frame, parsed.frame.type)), { defaultValue: undefined });
    if (reply != null && ws.readyState === ws.OPEN) ws.send(JSON.stringify(reply));
  }
}
