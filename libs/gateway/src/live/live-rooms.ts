import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  CLOSE_CODES,
  LIVE_SUBJECTS,
  LiveErrorCode,
  REALTIME,
  ROOMS_SUBJECTS,
  SPEAKERS_SUBJECTS,
  TRANSLATE_SUBJECTS,
  USAGE_SUBJECTS,
  roomEventName,
  roomEventsSubject,
  type HostPresenceEvent,
  type HostStatusFrame,
  type InterimEvent,
  type QuotaChangedEvent,
  type QuotaFrame,
  type LanguageCode,
  type RoomDeletedEvent,
  type RoomEventFrame,
  type RoomStatusChangedEvent,
  type SpeakerPresenceEvent,
  type SpeakerRemovedEvent,
  type StoredTranscript,
  type TranscriptEventFrame,
  type TranslationFrame,
} from '@lt/contracts';
import {
  Bus,
  currentContext,
  inSpan,
  isTraced,
  productMetrics,
  SpanKind,
  type Context,
  type Span,
  type Unsubscribe,
} from '@lt/platform';
import { HostPresence } from './host-presence';
import type { LiveSocket } from './live-socket';
import { TranslationStream } from './translation-stream';

/** The longest wait between two requests for a translation that does not come. */
const MAX_TRANSLATION_WAIT_MS = 5_000;

/** When and in which trace a room event reached this gateway: its fan-out is a span of that trace. */
interface Arrival {
  ctx: Context;
  at: number;
}

interface LanguageFeed {
  stream: TranslationStream;
  unsubscribe: Unsubscribe;
  /** Translations received and not yet written to the viewers (the stream may hold them for order). */
  arrivals: Map<number, Arrival>;
}

interface RoomMembers {
  sockets: Set<LiveSocket>;
  viewers: Map<LanguageCode, Set<LiveSocket>>;
  /** The room's own subjects this gateway listens to while it has sockets there. */
  events: Unsubscribe;
  translations: Map<LanguageCode, LanguageFeed>;
  /** The highest seq this gateway knows to be stored in the room. */
  lastSeq: number;
}


const arrival = (): Arrival => ({ ctx: currentContext(), at: performance.now() });

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
  private heartbeat?: NodeJS.Timeout;
  /** Room events received per room since start; a gateway without sockets in a room receives none. */
  readonly received = new Map<string, number>();

  /** Whether each room's token quota is spent, as the last event said (services announce changes only). */
  private readonly quotaSpent = new Map<string, boolean>();

  constructor(
    private readonly bus: Bus,
    private readonly hosts: HostPresence,
  ) {}

  onModuleInit(): void {
    this.heartbeat = setInterval(() => this.publishAllPresence(), REALTIME.presenceHeartbeatMs);
    this.heartbeat.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.heartbeat);
    this.hosts.leaveAll(this.gatewayId);
    for (const [roomId, room] of this.rooms) {
      this.unsubscribeRoom(room);
      this.publishPresence(roomId, []);
    }
  }

  /** A socket joined its room; `lastSeq` is the room's latest seq as the join read it. */
  add(socket: LiveSocket, lastSeq: number): void {
    const roomId = socket.roomId as string;
    let room = this.rooms.get(roomId);
    if (!room) {
      const events = this.bus.subscribe<unknown>(roomEventsSubject(roomId), (event, subject) => this.onRoomEvent(roomId, event, subject));
      this.rooms.set(roomId, (room = { sockets: new Set(), viewers: new Map(), events, translations: new Map(), lastSeq }));
      this.hosts.ask(roomId, this.gatewayId);
    }
    room.lastSeq = Math.max(room.lastSeq, lastSeq);
    room.sockets.add(socket);
    if (socket.role === 'viewer' && socket.lang) this.addViewer(room, roomId, socket, socket.lang);
    if (socket.role === 'host' && this.hosts.hostJoined(roomId, this.gatewayId)) this.sendHostStatus(roomId);
  }

  /** Whether the room's quota is spent, when an event has said so since this gateway took the room. */
  quotaState(roomId: string): boolean | undefined {
    return this.quotaSpent.get(roomId);
  }

  /** Whether the room's host is connected on any gateway, as far as this one knows. */
  hostConnected(roomId: string): boolean {
    return this.hosts.connected(roomId);
  }

  remove(socket: LiveSocket): void {
    const roomId = socket.roomId;
    const room = roomId ? this.rooms.get(roomId) : undefined;
    if (!roomId || !room) return;
    room.sockets.delete(socket);
    if (socket.lang) this.removeViewer(room, roomId, socket, socket.lang);
    if (socket.role === 'host' && this.hosts.hostLeft(roomId, this.gatewayId)) this.sendHostStatus(roomId);
    if (room.sockets.size === 0) {
      this.unsubscribeRoom(room);
      this.rooms.delete(roomId);
      this.hosts.forget(roomId);
      this.quotaSpent.delete(roomId);
    }
  }

  setViewerLanguage(socket: LiveSocket, lang: LanguageCode): void {
    const roomId = socket.roomId as string;
    const room = this.rooms.get(roomId);
    if (!room) return;
    if (socket.lang) this.removeViewer(room, roomId, socket, socket.lang);
    socket.lang = lang;
    socket.restartSequence();
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
      case ROOMS_SUBJECTS.deleted.name:
        return this.onDeleted(event as RoomDeletedEvent);
      case SPEAKERS_SUBJECTS.presence.name:
        return this.onSpeakerPresence(event as SpeakerPresenceEvent);
      case SPEAKERS_SUBJECTS.removed.name:
        return this.onSpeakerRemoved(event as SpeakerRemovedEvent);
      case LIVE_SUBJECTS.host.name:
        if (this.hosts.onRemote(event as HostPresenceEvent, this.gatewayId)) this.sendHostStatus(roomId);
        return;
      case LIVE_SUBJECTS.hostQuery.name:
        return this.hosts.answer(roomId, this.gatewayId);
      case USAGE_SUBJECTS.quotaChanged.name:
        return this.onQuota(event as QuotaChangedEvent);
    }
  }

  /** Everyone in the room hears that translation, summaries and server audio paused or resumed (once per change). */
  private onQuota(event: QuotaChangedEvent): void {
    if ((this.quotaSpent.get(event.roomId) ?? false) === event.exhausted) return;
    this.quotaSpent.set(event.roomId, event.exhausted);
    const frame: QuotaFrame = { type: event.exhausted ? 'quota_exhausted' : 'quota_restored', roomId: event.roomId, timestamp: event.timestamp };
    this.broadcast(event.roomId, JSON.stringify(frame), frame.type);
  }

  /** Viewers and speakers hear whether the host is connected (hosts know). */
  private sendHostStatus(roomId: string): void {
    const room = this.rooms.get(roomId);
    if (!room) return;
    const frame: HostStatusFrame = { type: 'host_status', roomId, connected: this.hosts.connected(roomId), timestamp: new Date().toISOString() };
    const text = JSON.stringify(frame);
    let written = 0;
    for (const socket of room.sockets) if (socket.role !== 'host' && socket.sendRaw(text)) written += 1;
    productMetrics().framesOut.add(written, { type: 'host_status' });
  }

  private onTranslation(roomId: string, frame: TranslationFrame): void {
    this.count(roomId);
    const feed = this.rooms.get(roomId)?.translations.get(frame.lang);
    if (!feed) return;
    if (frame.seq >= feed.stream.awaiting) feed.arrivals.set(frame.seq, arrival());
    feed.stream.accept(frame);
  }

  /**
   * Writes one room event to this gateway's sockets (`write` answers how many were written): a span of the
   * event's trace, the frames counted once for all sockets, the delay from arrival to the last socket.
   */
  private fanOut(kind: 'transcript' | 'translation', from: Arrival | undefined, attributes: Record<string, string | number>, write: () => number): void {
    const run = (span?: Span) => {
      const written = write();
      span?.setAttribute('lt.sockets_written', written);
      const metrics = productMetrics();
      metrics.framesOut.add(written, { type: kind });
      if (from) metrics.fanOutDelay.record(performance.now() - from.at, { kind });
    };
    if (!from || !isTraced(from.ctx)) return run();
    inSpan(`fanout ${kind}`, { parent: from.ctx, kind: SpanKind.PRODUCER, attributes }, run);
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
    this.fanOut('transcript', arrival(), { 'lt.room_id': t.roomId, 'lt.seq': t.seq }, () => {
      let written = 0;
      for (const socket of room.sockets) {
        if (socket.role !== 'viewer' && socket.speakerId !== t.speakerId && socket.sendRaw(text)) written += 1;
      }
      return written;
    });
    room.lastSeq = Math.max(room.lastSeq, t.seq);
    for (const feed of room.translations.values()) feed.stream.expect(t.seq);
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
    this.broadcast(event.roomId, JSON.stringify(frame), type);
  }

  /** A deleted room ends for everyone in it, then its sockets close: there is nothing left to come back to. */
  private onDeleted(event: RoomDeletedEvent): void {
    const frame: RoomEventFrame = { type: 'room_end', roomId: event.roomId, messageId: event.messageId, timestamp: event.timestamp };
    this.broadcast(event.roomId, JSON.stringify(frame), 'room_end');
    for (const socket of [...(this.rooms.get(event.roomId)?.sockets ?? [])]) socket.close(CLOSE_CODES.roomDeleted, 'Room deleted');
  }

  private onInterim(event: InterimEvent): void {
    const room = this.rooms.get(event.roomId);
    if (!room) return;
    const text = JSON.stringify(event);
    let written = 0;
    for (const socket of room.sockets) if (socket.speakerId !== event.speakerId && socket.sendRaw(text)) written += 1;
    productMetrics().framesOut.add(written, { type: 'interim' });
  }

  /** `speaker_joined` / `speaker_left` to everyone in the room but the speaker itself. */
  private onSpeakerPresence(event: SpeakerPresenceEvent): void {
    const room = this.rooms.get(event.roomId);
    if (!room) return;
    const frame: RoomEventFrame = { ...event };
    const text = JSON.stringify(frame);
    let written = 0;
    for (const socket of room.sockets) if (socket.speakerId !== event.speakerId && socket.sendRaw(text)) written += 1;
    productMetrics().framesOut.add(written, { type: event.type });
  }

  /** A removed speaker is told why, then its sockets close: its token opens nothing any more, so it does not come back. */
  private onSpeakerRemoved(event: SpeakerRemovedEvent): void {
    for (const socket of [...(this.rooms.get(event.roomId)?.sockets ?? [])]) {
      if (socket.role !== 'speaker' || socket.speakerId !== event.speakerId) continue;
      socket.error(LiveErrorCode.SpeakerRemoved, 'You have been removed from this room');
      socket.close(CLOSE_CODES.speakerRemoved, 'Speaker removed');
    }
  }

  publishAllPresence(): void {
    for (const [roomId, room] of this.rooms) this.publishPresence(roomId, [...room.viewers.keys()]);
  }

  broadcast(roomId: string, text: string, type: string): void {
    let written = 0;
    for (const socket of this.rooms.get(roomId)?.sockets ?? []) if (socket.sendRaw(text)) written += 1;
    productMetrics().framesOut.add(written, { type });
  }

  private addViewer(room: RoomMembers, roomId: string, socket: LiveSocket, lang: LanguageCode): void {
    const set = room.viewers.get(lang);
    if (set) return void set.add(socket);
    const viewers = new Set([socket]);
    room.viewers.set(lang, viewers);
    const arrivals = new Map<number, Arrival>();
    const stream = new TranslationStream(room.lastSeq, {
      waitMs: REALTIME.translationWaitMs,
      maxWaitMs: MAX_TRANSLATION_WAIT_MS,
      // A replica that died with the request must not hold the stream for the bus's full timeout.
      fetch: (afterSeq, limit) =>
        this.bus.request(TRANSLATE_SUBJECTS.history, { roomId, lang, afterSeq, limit }, { timeoutMs: REALTIME.translationWaitMs }),
      deliver: (seq, text) => {
        const from = arrivals.get(seq);
        for (const key of arrivals.keys()) if (key <= seq) arrivals.delete(key);
        this.fanOut('translation', from, { 'lt.room_id': roomId, 'lt.seq': seq, 'lt.lang': lang }, () => {
          let written = 0;
          for (const viewer of viewers) if (viewer.sendTranslation(seq, text)) written += 1;
          return written;
        });
      },
      onFetchError: (e) => this.logger.warn(`missing ${lang} translations of room ${roomId} could not be fetched: ${(e as Error).message}`),
    });
    const unsubscribe = this.bus.subscribe<TranslationFrame>(TRANSLATE_SUBJECTS.ready.subject(roomId, lang), (frame) =>
      this.onTranslation(roomId, frame),
    );
    room.translations.set(lang, { stream, unsubscribe, arrivals });
    this.publishPresence(roomId, [...room.viewers.keys()]);
  }

  private removeViewer(room: RoomMembers, roomId: string, socket: LiveSocket, lang: LanguageCode): void {
    const set = room.viewers.get(lang);
    if (!set?.delete(socket) || set.size > 0) return;
    room.viewers.delete(lang);
    this.closeFeed(room, lang);
    this.publishPresence(roomId, [...room.viewers.keys()]);
  }

  private closeFeed(room: RoomMembers, lang: LanguageCode): void {
    const feed = room.translations.get(lang);
    feed?.unsubscribe();
    feed?.stream.close();
    room.translations.delete(lang);
  }

  private unsubscribeRoom(room: RoomMembers): void {
    room.events();
    for (const lang of [...room.translations.keys()]) this.closeFeed(room, lang);
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
