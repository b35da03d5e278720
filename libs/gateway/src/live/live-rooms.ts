import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  LIVE_SUBJECTS,
  REALTIME,
  ROOMS_SUBJECTS,
  TRANSLATE_SUBJECTS,
  roomEventName,
  roomEventsSubject,
  type InterimEvent,
  type LanguageCode,
  type RoomEventFrame,
  type RoomStatusChangedEvent,
  type StoredTranscript,
  type TranscriptEventFrame,
  type TranslationFrame,
} from '@lt/contracts';
import { Bus, type Unsubscribe } from '@lt/platform';
import type { LiveSocket } from './live-socket';

interface RoomMembers {
  sockets: Set<LiveSocket>;
  viewers: Map<LanguageCode, Set<LiveSocket>>;
  /** The room's own subjects this gateway listens to while it has sockets there. */
  events: Unsubscribe;
  translations: Map<LanguageCode, Unsubscribe>;
}


/**
 * The rooms this gateway has sockets in: who is there, which languages its viewers read (published as
 * presence so that translate-svc translates once per language in demand), and the fan-out of room events.
 * It subscribes to a room's subjects when its first socket joins and leaves them with the last one, and to
 * a language's translations only while a local viewer reads it: a gateway does no work for other rooms.
 */
@Injectable()
export class LiveRooms implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('LiveRooms');
  readonly gatewayId = crypto.randomUUID();
  private readonly rooms = new Map<string, RoomMembers>();
  /** (room, message, language) translations expected; asked for on demand if they do not come. */
  private readonly awaited = new Map<string, NodeJS.Timeout>();
  private heartbeat?: NodeJS.Timeout;
  /** Room events received per room since start; a gateway without sockets in a room receives none. */
  readonly received = new Map<string, number>();

  constructor(private readonly bus: Bus) {}

  onModuleInit(): void {
    this.heartbeat = setInterval(() => this.publishAllPresence(), REALTIME.presenceHeartbeatMs);
    this.heartbeat.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.heartbeat);
    for (const timer of this.awaited.values()) clearTimeout(timer);
    for (const [roomId, room] of this.rooms) {
      this.unsubscribeRoom(room);
      this.publishPresence(roomId, []);
    }
  }

  add(socket: LiveSocket): void {
    const roomId = socket.roomId as string;
    let room = this.rooms.get(roomId);
    if (!room) {
      const events = this.bus.subscribe<unknown>(roomEventsSubject(roomId), (event, subject) => this.onRoomEvent(roomId, event, subject));
      this.rooms.set(roomId, (room = { sockets: new Set(), viewers: new Map(), events, translations: new Map() }));
    }
    room.sockets.add(socket);
    if (socket.role === 'viewer' && socket.lang) this.addViewer(room, roomId, socket, socket.lang);
  }

  remove(socket: LiveSocket): void {
    const roomId = socket.roomId;
    const room = roomId ? this.rooms.get(roomId) : undefined;
    if (!roomId || !room) return;
    room.sockets.delete(socket);
    if (socket.lang) this.removeViewer(room, roomId, socket, socket.lang);
    if (room.sockets.size === 0) {
      this.unsubscribeRoom(room);
      this.rooms.delete(roomId);
    }
  }

  setViewerLanguage(socket: LiveSocket, lang: LanguageCode): void {
    const roomId = socket.roomId as string;
    const room = this.rooms.get(roomId);
    if (!room) return;
    if (socket.lang) this.removeViewer(room, roomId, socket, socket.lang);
    socket.lang = lang;
    this.addViewer(room, roomId, socket, lang);
  }

  private count(roomId: string): void {
    this.received.set(roomId, (this.received.get(roomId) ?? 0) + 1);
  }

  private onRoomEvent(roomId: string, event: unknown, subject: string): void {
    this.count(roomId);
    switch (roomEventName(subject)) {
      case ROOMS_SUBJECTS.transcriptStored.name:
        return this.onTranscriptStored(event as StoredTranscript);
      case ROOMS_SUBJECTS.statusChanged.name:
        return this.onStatusChanged(event as RoomStatusChangedEvent);
      case LIVE_SUBJECTS.interim.name:
        return this.onInterim(event as InterimEvent);
    }
  }

  private onTranslation(roomId: string, frame: TranslationFrame): void {
    this.count(roomId);
    this.settle(roomId, frame.messageId, frame.lang);
    this.deliver(roomId, frame);
  }

  private onTranscriptStored(t: StoredTranscript): void {
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

  private onStatusChanged(event: RoomStatusChangedEvent): void {
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

  private onInterim(event: InterimEvent): void {
    const room = this.rooms.get(event.roomId);
    if (!room) return;
    const text = JSON.stringify(event);
    for (const socket of room.sockets) if (socket.clientId !== event.speakerId) socket.sendRaw(text);
  }

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
        .request(TRANSLATE_SUBJECTS.history, {
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
    room.translations.set(
      lang,
      this.bus.subscribe<TranslationFrame>(TRANSLATE_SUBJECTS.ready.subject(roomId, lang), (frame) => this.onTranslation(roomId, frame)),
    );
    this.publishPresence(roomId, [...room.viewers.keys()]);
  }

  private removeViewer(room: RoomMembers, roomId: string, socket: LiveSocket, lang: LanguageCode): void {
    const set = room.viewers.get(lang);
    if (!set?.delete(socket) || set.size > 0) return;
    room.viewers.delete(lang);
    room.translations.get(lang)?.();
    room.translations.delete(lang);
    this.publishPresence(roomId, [...room.viewers.keys()]);
  }

  private unsubscribeRoom(room: RoomMembers): void {
    room.events();
    for (const off of room.translations.values()) off();
    room.translations.clear();
  }

  private publishPresence(roomId: string, langs: LanguageCode[]): void {
    this.bus.emit(LIVE_SUBJECTS.presence, {
      gatewayId: this.gatewayId,
      roomId,
      langs,
      ttlMs: REALTIME.presenceTtlMs,
    });
  }
}
