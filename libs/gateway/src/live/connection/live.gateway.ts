import { BeforeApplicationShutdown, UseFilters } from '@nestjs/common';
import { MessageBody, OnGatewayConnection, OnGatewayDisconnect, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { WebSocket } from 'ws';
import {
  CLOSE_CODES,
  type ClientFrame,
  type JoinFrame,
  type PongFrame,
  type SummaryRequestFrame,
  type TranscriptFrame,
} from '@lt/contracts';
import { productMetrics } from '@lt/platform';
import { AccessTokens } from '../../auth/access-tokens';
import { LiveSummaries } from '../../summary/live-summaries';
import { LiveExceptionFilter } from './live-exception.filter';
import { Live } from './live.decorators';
import { LiveRooms } from '../rooms/live-rooms';
import { LiveService } from '../join/live.service';
import { LiveSocket } from './live-socket';
import { SpeakerPresence } from '../presence/speaker-presence';

export const LIVE_PATH = '/ws';

type Frame<T extends ClientFrame['type']> = Extract<ClientFrame, { type: T }>;

/** The `/ws` endpoint: one handler per client frame type (the adapter routes on `type`). */
@WebSocketGateway({ path: LIVE_PATH })
@UseFilters(LiveExceptionFilter)
export class LiveGateway implements OnGatewayConnection, OnGatewayDisconnect, BeforeApplicationShutdown {
  private readonly sockets = new Set<LiveSocket>();

  constructor(
    private readonly live: LiveService,
    private readonly rooms: LiveRooms,
    private readonly presence: SpeakerPresence,
    private readonly summaries: LiveSummaries,
    tokens: AccessTokens,
  ) {
    tokens.onRevoked((event) => {
      const ended = new Set(event.sessionIds);
      for (const socket of this.sockets) {
        if (socket.sessionId && ended.has(socket.sessionId)) socket.close(CLOSE_CODES.signedOut, 'Signed out');
      }
    });
  }

  handleConnection(ws: WebSocket): void {
    this.sockets.add(LiveSocket.of(ws));
    productMetrics().sockets.add(1, { role: 'pending' });
  }

  handleDisconnect(ws: WebSocket): void {
    const socket = LiveSocket.of(ws);
    if (!this.sockets.delete(socket)) return;
    productMetrics().sockets.add(-1, { role: (socket.roomId && socket.role) || 'pending' });
    this.rooms.remove(socket);
    this.presence.left(socket);
  }

  beforeApplicationShutdown(): void {
    for (const socket of this.sockets) socket.close(1001, 'Server shutting down');
  }

  @SubscribeMessage('ping')
  ping(@MessageBody() frame: Frame<'ping'>): PongFrame {
    return { type: 'pong', serverTime: Date.now(), ...(frame.t !== undefined ? { t: frame.t } : {}) };
  }

  @SubscribeMessage('join')
  join(@Live() socket: LiveSocket, @MessageBody() frame: JoinFrame) {
    return this.live.join(socket, frame);
  }

  @SubscribeMessage('transcript')
  transcript(@Live() socket: LiveSocket, @MessageBody() frame: TranscriptFrame) {
    return this.live.transcript(socket, frame);
  }

  @SubscribeMessage('room_start')
  roomStart(@Live() socket: LiveSocket, @MessageBody() frame: Frame<'room_start'>) {
    return this.live.setStatus(socket, frame);
  }

  @SubscribeMessage('room_end')
  roomEnd(@Live() socket: LiveSocket, @MessageBody() frame: Frame<'room_end'>) {
    return this.live.setStatus(socket, frame);
  }

  @SubscribeMessage('set_language')
  setLanguage(@Live() socket: LiveSocket, @MessageBody() frame: Frame<'set_language'>) {
    return this.live.setLanguage(socket, frame.lang);
  }

  @SubscribeMessage('room_settings')
  roomSettings(@Live() socket: LiveSocket, @MessageBody() frame: Frame<'room_settings'>) {
    return this.live.setRoomSettings(socket, frame.fastCaptions);
  }

  @SubscribeMessage('resync')
  resync(@Live() socket: LiveSocket, @MessageBody() frame: Frame<'resync'>) {
    return this.live.resync(socket, frame.since);
  }

  @SubscribeMessage('summary_request')
  summary(@Live() socket: LiveSocket, @MessageBody() frame: SummaryRequestFrame) {
    return this.summaries.ask(socket, frame);
  }
}
