import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { CLOSE_CODES, LIMITS, LiveErrorCode } from '@lt/contracts';
import { AccessTokens } from '../auth/access-tokens';
import { GATEWAY_ENV, type GatewayConfig } from '../gateway.config';
import { LiveFramesHandler } from './live-frames.handler';
import { LiveRooms } from './live-rooms';
import { LiveSocket } from './live-socket';
import { isOriginAllowed } from './origin';

export const LIVE_PATH = '/ws';

/** Frames one socket may send per second on average, with a burst allowance. */
const FRAMES_PER_SECOND = 20;
const FRAME_BURST = 60;

/** The `/ws` endpoint: origin check, frame size limit, per-socket rate limit, and the socket's lifetime. */
@Injectable()
export class LiveGateway implements OnApplicationShutdown {
  private readonly logger = new Logger('LiveGateway');
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.frameMaxBytes });
  private readonly sockets = new Set<LiveSocket>();

  constructor(
    private readonly frames: LiveFramesHandler,
    private readonly rooms: LiveRooms,
    tokens: AccessTokens,
    @Inject(GATEWAY_ENV) private readonly config: GatewayConfig,
  ) {
    tokens.onRevoked((event) => {
      const ended = new Set(event.sessionIds);
      for (const socket of this.sockets) {
        if (socket.sessionId && ended.has(socket.sessionId)) socket.close(CLOSE_CODES.signedOut, 'Signed out');
      }
    });
  }

  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (req.url ?? '').split('?', 1)[0];
      if (path !== LIVE_PATH) return void socket.destroy();
      if (!isOriginAllowed(req.headers.origin, req.headers.host, this.config.allowedOrigins)) {
        this.logger.warn(`refused a socket from origin ${req.headers.origin}`);
        socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return void socket.destroy();
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws));
    });
  }

  get connections(): number {
    return this.wss.clients.size;
  }

  onApplicationShutdown(): void {
    for (const ws of this.wss.clients) ws.close(1001, 'Server shutting down');
    this.wss.close();
  }

  private onConnection(ws: WebSocket): void {
    const socket = new LiveSocket(ws);
    this.sockets.add(socket);
    let tokens = FRAME_BURST;
    let last = Date.now();
    let queue = Promise.resolve();
    ws.on('message', (data: RawData, isBinary: boolean) => {
      const now = Date.now();
      tokens = Math.min(FRAME_BURST, tokens + ((now - last) / 1000) * FRAMES_PER_SECOND);
      last = now;
      if (tokens < 1) return socket.error(LiveErrorCode.RateLimited, 'Too many frames: slow down');
      tokens -= 1;
      const text = isBinary ? null : data.toString();
      // Frames of one socket are handled in order: a transcript never overtakes the join before it.
      queue = queue
        .then(() => (text === null ? socket.error(LiveErrorCode.BadFrame, 'Frames must be JSON text') : this.frames.handle(socket, text)))
        .catch((e) => this.logger.error('frame failed', e as Error));
    });
    ws.on('close', () => {
      this.sockets.delete(socket);
      this.rooms.remove(socket);
    });
    ws.on('error', (error) => {
      this.logger.debug(`socket error: ${error.message}`);
      if (ws.readyState === ws.OPEN) ws.close(CLOSE_CODES.messageTooBig, 'Frame too large');
    });
  }
}
