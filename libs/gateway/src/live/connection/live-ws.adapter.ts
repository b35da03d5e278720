import { INestApplicationContext, Logger } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { IncomingMessage } from 'node:http';
import { lastValueFrom, type Observable } from 'rxjs';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import { AUDIO_PATH, clientFrameSchema, CLOSE_CODES, LIMITS, LiveErrorCode, REALTIME, type ClientFrame } from '@lt/contracts';
import { productMetrics } from '@lt/platform';
import { trustedOrigins, type GatewayConfig } from '../../gateway.config';
import { clientAddressOf, type TrustProxyFn } from '../../http/pipeline/client-address';
import { DeferrableLane } from './deferrable-lane';
import { LiveSocket } from './live-socket';
import { isOriginAllowed } from './origin';
import { JoinDeadlines, StaggeredPinger, UPKEEP_TICK_MS } from './socket-upkeep';

/** A socket over its frame rate this long without a pause of a second is closed (1008). */
const FLOOD_CLOSE_AFTER_MS = 3_000;
/** Refused frames that are not transcripts get one error frame per this interval, not one each. */
const RATE_ERROR_INTERVAL_MS = 1_000;
/** Frames of one socket that must be handled one after another, after its join: seq order is spoken order. */
const ORDERED_FRAMES: ReadonlySet<string> = new Set(['transcript', 'room_start', 'room_end']);
/** Frames that a whole audience may send at once and that may wait a little: handled on the DeferrableLane. */
const DEFERRABLE_FRAMES: ReadonlySet<string> = new Set(['summary_request']);

const logger = new Logger('LiveWsAdapter');

/** The 'pong' listener of every socket. */
function onPong(this: WebSocket): void {
  LiveSocket.of(this).missedPongs = 0;
}

function frameFailed(error: unknown): void {
  logger.error('frame failed', error as Error);
}

/** The 'error' listener of every socket: a client's protocol error (e.g. a frame over the limit, closed with 1009 by ws). */
function onSocketError(error: Error): void {
  logger.debug(`socket error: ${error.message}`);
}

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
 * Which frames of one socket wait for which. A join goes first: every later frame waits until it is handled.
 * Transcripts and room start / end are handled one after another, in the order they came. Everything else
 * (a language change, a resync) is handled as it comes, and a ping is answered at once: a slow service behind
 * one transcript never delays them.
 */
export class FrameLanes {
  private joined: Promise<void> | null = null;
  private ordered: Promise<void> = Promise.resolve();

  constructor(private readonly onError: (error: unknown) => void) {}

  schedule(type: string, run: () => Promise<void>): void {
    const safely = () => run().catch(this.onError);
    if (type === 'ping') return void safely();
    if (type === 'join' && !this.joined) {
      this.joined = safely();
      return;
    }
    const after = this.joined ?? Promise.resolve();
    if (ORDERED_FRAMES.has(type)) this.ordered = Promise.all([this.ordered, after]).then(safely);
    else void after.then(safely);
  }
}

/** Frames over a socket's rate: refused, and the socket closed when it keeps on for a few seconds. */
class FrameRate {
  private tokens: number = LIMITS.frameBurst;
  private last = Date.now();
  private floodingSince: number | null = null;
  private lastRefusal = 0;
  private lastError = 0;

  /** 'ok', 'refuse' (answer at most one error a second, except for transcripts), or 'close'. */
  take(now: number): 'ok' | 'refuse' | 'close' {
    this.tokens = Math.min(LIMITS.frameBurst, this.tokens + ((now - this.last) / 1000) * LIMITS.framesPerSecond);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'ok';
    }
    if (this.floodingSince === null || now - this.lastRefusal > RATE_ERROR_INTERVAL_MS) this.floodingSince = now;
    this.lastRefusal = now;
    return now - this.floodingSince >= FLOOD_CLOSE_AFTER_MS ? 'close' : 'refuse';
  }

  /** Whether an error frame for a refused frame is due (one a second at most). */
  errorDue(now: number): boolean {
    if (now - this.lastError < RATE_ERROR_INTERVAL_MS) return false;
    this.lastError = now;
    return true;
  }
}

/**
 * The protocol of `/ws` on Nest's ws adapter: the Origin allowlist (403 before the upgrade), the 64 KB frame
 * limit (1009), a per-socket rate limit, validation of every frame, then the `@SubscribeMessage` handler of
 * the frame's `type`. Frames of one socket are handled in order: a transcript never overtakes its join.
 */
export class LiveWsAdapter extends WsAdapter {
  private readonly openByAddress = new Map<string, number>();
  private readonly joinDeadlines = new JoinDeadlines<LiveSocket>(REALTIME.joinWithinMs);
  /** The 'close' listener of every socket (ws calls it with the socket as `this`). */
  private readonly onClose: (this: WebSocket) => void;
  private readonly express: { get(setting: string): unknown } | undefined;
  /** Where frames that may wait for the live ones are handled (DEFERRABLE_FRAMES). */
  private readonly deferrable: DeferrableLane;

  constructor(
    app: INestApplicationContext,
    private readonly config: GatewayConfig,
  ) {
    super(app);
    const closed = (socket: LiveSocket) => this.closed(socket);
    this.onClose = function (this: WebSocket) {
      closed(LiveSocket.of(this));
    };
    this.deferrable = app.get(DeferrableLane, { strict: false });
    const http = (app as Partial<NestExpressApplication>).getHttpAdapter?.();
    this.express = http?.getInstance?.();
  }

  create(port: number, options: Record<string, unknown> & { path?: string }) {
    const server: WebSocketServer = super.create(port, {
      ...options,
      maxPayload: LIMITS.frameMaxBytes,
      // Frames are short JSON: compressing each for each socket would cost more CPU and memory than it saves.
      perMessageDeflate: false,
      verifyClient: (info: { origin: string; req: IncomingMessage }, done: (ok: boolean, code?: number) => void) => {
        const { headers } = info.req;
        if (!isOriginAllowed(headers.origin, headers.host, trustedOrigins(this.config))) {
          logger.warn(`refused a socket from origin ${headers.origin}`);
          return done(false, 403);
        }
        const address = this.addressOf(info.req);
        if (this.openCount(address) >= this.maxPerAddress) {
          logger.warn(`refused a socket from ${address}: it has ${this.config.WS_MAX_PER_ADDRESS} open already`);
          return done(false, 429);
        }
        done(true);
      },
    });
    // The audio socket is authenticated by its own first frame (its gateway watches for it), not by a join.
    const audio = options.path === AUDIO_PATH;
    server.on('connection', (ws: WebSocket, req: IncomingMessage) => this.watch(ws, req, audio));
    // One timer for all sockets: pings spread over the interval, and sockets that never joined closed.
    const pinger = new StaggeredPinger(server.clients, (ws) => LiveSocket.of(ws).ping(), REALTIME.serverPingMs);
    const upkeep = setInterval(() => {
      pinger.tick();
      for (const socket of this.joinDeadlines.expired(Date.now())) {
        if (!socket.joinSeen) socket.close(CLOSE_CODES.policyViolation, 'No join: send a join frame first');
      }
    }, UPKEEP_TICK_MS);
    upkeep.unref();
    server.on('close', () => clearInterval(upkeep));
    return server;
  }

  /**
   * Counts the socket for its address, gives it its time to join, and hears its pongs. The listeners are
   * shared by all sockets (the socket is `this`): nothing is made per socket but its LiveSocket.
   */
  private watch(ws: WebSocket, req: IncomingMessage, audio: boolean): void {
    const socket = LiveSocket.of(ws);
    socket.address = this.addressOf(req);
    const open = this.openCount(socket.address) + 1;
    this.openByAddress.set(socket.address, open);
    if (open > this.maxPerAddress) socket.close(CLOSE_CODES.policyViolation, 'Too many connections from this address');
    if (!audio) this.joinDeadlines.add(socket, Date.now());
    ws.on('pong', onPong);
    ws.on('close', this.onClose);
  }

  private closed(socket: LiveSocket): void {
    this.joinDeadlines.delete(socket);
    const left = this.openCount(socket.address) - 1;
    if (left > 0) this.openByAddress.set(socket.address, left);
    else this.openByAddress.delete(socket.address);
  }

  /** WS_MAX_PER_ADDRESS; without it a venue's whole audience may share one address (NAT), and only per-socket limits apply. */
  private get maxPerAddress(): number {
    return this.config.WS_MAX_PER_ADDRESS ?? Infinity;
  }

  private openCount(address: string): number {
    return this.openByAddress.get(address) ?? 0;
  }

  /** The client's address, through the proxies the HTTP side trusts (`trust proxy`). */
  private addressOf(req: IncomingMessage): string {
    return clientAddressOf(req, this.express?.get('trust proxy fn') as TrustProxyFn | undefined);
  }

  /** A client's protocol error (e.g. a frame over the limit, closed with 1009 by ws) is the client's fault: debug only. */
  bindErrorHandler(server: WebSocketServer): WebSocketServer {
    server.on('connection', (ws: WebSocket) => ws.on('error', onSocketError));
    server.on('error', (error) => logger.error(error));
    return server;
  }

  bindMessageHandlers(ws: WebSocket, handlers: MessageMappingProperties[], transform: (data: unknown) => Observable<unknown>): void {
    // A gateway without frame handlers (the audio socket's) reads its socket itself: binary PCM, not JSON.
    if (!handlers.length) return;
    const socket = LiveSocket.of(ws);
    const rate = new FrameRate();
    const lanes = new FrameLanes(frameFailed);
    const { framesIn } = productMetrics();
    ws.on('message', (data: RawData, isBinary: boolean) => {
      const now = Date.now();
      const verdict = rate.take(now);
      if (verdict === 'close') return socket.close(CLOSE_CODES.policyViolation, 'Too many frames for too long');
      if (verdict === 'refuse') {
        // A refused transcript names its messageId: the sender keeps it and sends it again later. Only what
        // may be a transcript is parsed: a flood costs the gateway as little as it can.
        const candidate = !isBinary && data.toString().includes('"transcript"') ? parseFrame(data, isBinary) : null;
        const messageId =
          candidate && 'frame' in candidate && candidate.frame.type === 'transcript' ? candidate.frame.messageId : undefined;
        if (messageId || rate.errorDue(now)) socket.error(LiveErrorCode.RateLimited, 'Too many frames: slow down', messageId);
        // Transcripts that came before it are still stored; those after it wait for it to come again.
        if (messageId) lanes.schedule('transcript', async () => socket.blockTranscriptsAfter(messageId));
        return framesIn.add(1, { type: 'refused' });
      }
      const parsed = parseFrame(data, isBinary);
      if ('error' in parsed) {
        framesIn.add(1, { type: 'invalid' });
        return socket.error(LiveErrorCode.BadFrame, parsed.error, parsed.messageId);
      }
      const { frame } = parsed;
      framesIn.add(1, { type: frame.type });
      if (frame.type === 'join' && !socket.joinSeen) {
        socket.joinSeen = true;
        this.joinDeadlines.delete(socket);
      }
      const dispatch = () => this.dispatch(ws, frame, handlers, transform);
      lanes.schedule(frame.type, DEFERRABLE_FRAMES.has(frame.type) ? () => this.deferrable.run(dispatch) : dispatch);
    });
  }

  private async dispatch(
    ws: WebSocket,
    frame: ClientFrame,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): Promise<void> {
    // A handful of handlers, looked up as frames come rather than indexed in a map per socket.
    const handler = handlers.find((h) => h.message === frame.type)?.callback;
    if (!handler) return LiveSocket.of(ws).error(LiveErrorCode.BadFrame, `Unknown frame type ${frame.type}`);
    const reply = await lastValueFrom(transform(handler(frame, frame.type)), { defaultValue: undefined });
    if (reply == null || ws.readyState !== ws.OPEN) return;
    ws.send(JSON.stringify(reply));
    productMetrics().framesOut.add(1, { type: (reply as { type?: string }).type ?? 'reply' });
  }
}
