import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  LIVE_SUBJECTS,
  REALTIME,
  ROOMS_SUBJECTS,
  TRANSLATE_SUBJECTS,
  type InterimEvent,
  type LanguageCode,
  type PresenceEvent,
  type RoomEventFrame,
  type RoomStatusChangedEvent,
  type StoredTranscript,
  type TranscriptEventFrame,
  type TranslationFrame,
  type TranslationHistoryRequest,
  type TranslationReadyEvent,
} from '@lt/contracts';
import { Bus, OnEvent } from '@lt/platform';
import type { LiveSocket } from './live-socket';

interface RoomMembers {
  sockets: Set<LiveSocket>;
  viewers: Map<LanguageCode, Set<LiveSocket>>;
}

/**
 * The rooms this gateway has sockets in: who is there, which languages its viewers read (published as
 * presence so that translate-svc translates once per language in demand), and the fan-out of room events.
 */
@Injectable()
export class LiveRooms implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('LiveRooms');
  readonly gatewayId = crypto.randomUUID();
  private readonly rooms = new Map<string, RoomMembers>();
  /** (room, message, language) translations expected; asked for on demand if they do not come. */
  private readonly awaited = new Map<string, NodeJS.Timeout>();
  private heartbeat?: NodeJS.Timeout;

  constructor(private readonly bus: Bus) {}

  onModuleInit(): void {
    this.heartbeat = setInterval(() => this.publishAllPresence(), REALTIME.presenceHeartbeatMs);
    this.heartbeat.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.heartbeat);
    for (const timer of this.awaited.values()) clearTimeout(timer);
    for (const roomId of this.rooms.keys()) this.publishPresence(roomId, []);
  }

  add(socket: LiveSocket): void {
    const roomId = socket.roomId as string;
    let room = this.rooms.get(roomId);
    if (!room) this.rooms.set(roomId, (room = { sockets: new Set(), viewers: new Map() }));
    room.sockets.add(socket);
    if (socket.role === 'viewer' && socket.lang) this.addViewer(room, roomId, socket, socket.lang);
  }

  remove(socket: LiveSocket): void {
    const roomId = socket.roomId;
    const room = roomId ? this.rooms.get(roomId) : undefined;
    if (!roomId || !room) return;
    room.sockets.delete(socket);
    if (socket.lang) this.removeViewer(room, roomId, socket, socket.lang);
    if (room.sockets.size === 0) this.rooms.delete(roomId);
  }

  setViewerLanguage(socket: LiveSocket, lang: LanguageCode): void {
    const roomId = socket.roomId as string;
    const room = this.rooms.get(roomId);
    if (!room) return;
    if (socket.lang) this.removeViewer(room, roomId, socket, socket.lang);
    socket.lang = lang;
    this.addViewer(room, roomId, socket, lang);
  }

  @OnEvent(TRANSLATE_SUBJECTS.ready)
  onTranslation(event: TranslationReadyEvent): void {
    const { roomId, ...frame } = event;
    this.settle(roomId, frame.messageId, frame.lang);
    this.deliver(roomId, frame);
  }

  @OnEvent(ROOMS_SUBJECTS.transcriptStored)
  onTranscriptStored(t: StoredTranscript): void {
    const room = this.rooms.get(t.roomId);
    if (!room) return;
    const frame: TranscriptEventFrame = {
      type: 'transcript',
      roomId: t.roomId,
      messageId: t.messageId,
      seq: t.seq,
      text: t.text,
      sourceLanguage: t.sourceLanguage,
      timestamp: t.timestamp,
      speakerId: t.speakerId,
      speakerName: t.speakerName,
      enhanced: false,
    };
    const text = JSON.stringify(frame);
    for (const socket of room.sockets) {
      if (socket.role !== 'viewer' && socket.clientId !== t.speakerId) socket.sendRaw(text);
    }
    for (const lang of room.viewers.keys()) this.expect(t, lang);
  }

  @OnEvent(ROOMS_SUBJECTS.statusChanged)
  onStatusChanged(event: RoomStatusChangedEvent): void {
    const type = event.status === 'active' ? 'room_start' : event.status === 'ended' ? 'room_end' : null;
    if (!type) return;
    const frame: RoomEventFrame = {
      type,
      roomId: event.roomId,
      messageId: event.messageId,
      timestamp: event.timestamp,
      sourceLanguage: event.sourceLanguage,
    };
    this.broadcast(event.roomId, JSON.stringify(frame));
  }

  @OnEvent(LIVE_SUBJECTS.interim)
  onInterim(event: InterimEvent): void {
    const room = this.rooms.get(event.roomId);
    if (!room) return;
    const text = JSON.stringify(event);
    for (const socket of room.sockets) if (socket.clientId !== event.speakerId) socket.sendRaw(text);
  }

  @OnEvent(LIVE_SUBJECTS.presenceSync)
  publishAllPresence(): void {
    for (const [roomId, room] of this.rooms) this.publishPresence(roomId, [...room.viewers.keys()]);
  }

  broadcast(roomId: string, text: string): void {
    for (const socket of this.rooms.get(roomId)?.sockets ?? []) socket.sendRaw(text);
  }

  private deliver(roomId: string, frame: TranslationFrame): void {
    const viewers = this.rooms.get(roomId)?.viewers.get(frame.lang);
    if (!viewers) return;
    const text = JSON.stringify(frame);
    for (const socket of viewers) socket.sendTranslation(frame.seq, text);
  }

  /** If no translation arrives in time (e.g. presence reached translate-svc late), ask for it. */
  private expect(t: StoredTranscript, lang: LanguageCode): void {
    const key = `${t.roomId}:${t.messageId}:${lang}`;
    if (this.awaited.has(key)) return;
    const timer = setTimeout(() => {
      this.awaited.delete(key);
      this.bus
        .request<TranslationFrame[], TranslationHistoryRequest>(TRANSLATE_SUBJECTS.history, {
          roomId: t.roomId,
          lang,
          afterSeq: t.seq - 1,
          limit: 1,
        })
        .then((frames) => frames.forEach((f) => this.deliver(t.roomId, f)))
        .catch((e) => this.logger.warn(`late translation of ${key} failed: ${(e as Error).message}`));
    }, REALTIME.translationWaitMs);
    timer.unref();
    this.awaited.set(key, timer);
  }

  private settle(roomId: string, messageId: string, lang: LanguageCode): void {
    const key = `${roomId}:${messageId}:${lang}`;
    clearTimeout(this.awaited.get(key));
    this.awaited.delete(key);
  }

  private addViewer(room: RoomMembers, roomId: string, socket: LiveSocket, lang: LanguageCode): void {
    const set = room.viewers.get(lang);
    if (set) return void set.add(socket);
    room.viewers.set(lang, new Set([socket]));
    this.publishPresence(roomId, [...room.viewers.keys()]);
  }

  private removeViewer(room: RoomMembers, roomId: string, socket: LiveSocket, lang: LanguageCode): void {
    const set = room.viewers.get(lang);
    if (!set?.delete(socket) || set.size > 0) return;
    room.viewers.delete(lang);
    this.publishPresence(roomId, [...room.viewers.keys()]);
  }

  private publishPresence(roomId: string, langs: LanguageCode[]): void {
    this.bus.publish<PresenceEvent>(LIVE_SUBJECTS.presence, {
      gatewayId: this.gatewayId,
      roomId,
      langs,
      ttlMs: REALTIME.presenceTtlMs,
    });
  }
}
