import { Inject, Injectable, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { LIVE_SUBJECTS, REALTIME, roomEventsSubject, type LanguageCode } from '@lt/contracts';
import { Bus } from '@lt/platform';
import { GATEWAY_ENV, type GatewayConfig } from '../../gateway.config';
import { HostPresence } from '../presence/host-presence';
import { LanguageFeed } from '../translations/language-feed';
import { speakerFrame } from './frames';
import { broadcastBut, sendHostStatus, type LocalRoom } from './local-room';
import type { LiveSocket } from '../connection/live-socket';
import { QuotaState } from '../join/quota-state';
import { RoomEvents } from './room-events';
import { SpeakerRoster } from '../presence/speaker-roster';
import { viewerCounts, ViewerTally } from './viewer-tally';

const PRESENCE_EXPIRY_CHECK_MS = 1_000;

/**
 * The rooms this gateway has sockets in: who is there, and which languages its viewers read (published as
 * presence so that translate-svc translates once per language in demand). It subscribes to a room's subjects
 * when its first socket joins and leaves them with the last one, and to a language's translations only while
 * a local viewer reads it: a gateway does no work for other rooms. What it knows of a room goes with the room.
 */
@Injectable()
export class LiveRooms implements OnModuleInit, OnApplicationShutdown {
  readonly gatewayId = crypto.randomUUID();
  private readonly rooms = new Map<string, LocalRoom>();
  private readonly events: RoomEvents;
  private heartbeat?: NodeJS.Timeout;
  private expiry?: NodeJS.Timeout;
  /** Room events received per room while this gateway has sockets there; a gateway without any receives none. */
  readonly received = new Map<string, number>();
  readonly speakers = new SpeakerRoster();
  private readonly tally = new ViewerTally((roomId) => {
    const room = this.rooms.get(roomId);
    if (room) this.publishPresence(roomId, [...room.viewers.keys()]);
  });

  constructor(
    private readonly bus: Bus,
    private readonly hosts: HostPresence,
    readonly quota: QuotaState,
    @Optional() @Inject(GATEWAY_ENV) private readonly config?: Pick<GatewayConfig, 'TRANSLATION_WAIT_MS'>,
  ) {
    const room = (roomId: string) => this.rooms.get(roomId);
    this.events = new RoomEvents({ gatewayId: this.gatewayId, hosts, quota, speakers: this.speakers, room });
  }

  onModuleInit(): void {
    this.heartbeat = setInterval(() => {
      this.publishAllPresence();
      this.hosts.refresh(this.gatewayId);
    }, REALTIME.presenceHeartbeatMs);
    this.heartbeat.unref();
    // Checked often, so that a host or speaker whose gateway died is seen gone soon after its presence expires.
    this.expiry = setInterval(() => {
      for (const roomId of this.hosts.expire()) this.sendHostStatus(roomId);
      for (const gone of this.speakers.expire()) {
        const frame = speakerFrame({ type: 'speaker_left', ...gone });
        broadcastBut(this.rooms.get(gone.roomId), gone.speakerId, JSON.stringify(frame), frame.type);
      }
    }, PRESENCE_EXPIRY_CHECK_MS);
    this.expiry.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.heartbeat);
    clearInterval(this.expiry);
    this.tally.close();
    this.hosts.leaveAll(this.gatewayId);
    for (const [roomId, room] of this.rooms) {
      this.unsubscribeRoom(room);
      this.publishPresence(roomId, [], false);
    }
  }

  /** A socket joined its room; `lastSeq` is the room's latest seq as the join read it. */
  add(socket: LiveSocket, lastSeq: number): void {
    const roomId = socket.roomId as string;
    let room = this.rooms.get(roomId);
    if (!room) {
      const events = this.bus.subscribe<unknown>(roomEventsSubject(roomId), (event, subject) => {
        this.count(roomId);
        this.events.dispatch(roomId, event, subject);
      });
      this.rooms.set(
        roomId,
        (room = { sockets: new Set(), viewers: new Map(), events, translations: new Map(), lastSeq, finalAt: new Map() }),
      );
      this.hosts.ask(roomId, this.gatewayId);
    }
    room.lastSeq = Math.max(room.lastSeq, lastSeq);
    room.sockets.add(socket);
    if (socket.role === 'viewer') this.tally.arrived(roomId, socket.viewerId || socket.clientId);
    if (socket.role === 'viewer' && socket.lang) this.addViewer(room, roomId, socket, socket.lang);
    if (socket.role === 'host' && this.hosts.hostJoined(roomId, this.gatewayId)) this.sendHostStatus(roomId);
    if (socket.role === 'host') this.publishPresence(roomId, [...room.viewers.keys()]);
  }

  /** Whether a host socket of the room is connected to this gateway. */
  private holdsHost(roomId: string): boolean {
    for (const socket of this.rooms.get(roomId)?.sockets ?? []) if (socket.role === 'host') return true;
    return false;
  }

  /** Whether a viewer socket of this browser (its viewerId, the X-Client-Id of its HTTP calls) is in the room here. */
  holdsViewer(roomId: string, viewerId: string): boolean {
    for (const socket of this.rooms.get(roomId)?.sockets ?? []) if (socket.role === 'viewer' && socket.viewerId === viewerId) return true;
    return false;
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
    if (socket.role === 'host') this.publishPresence(roomId, [...room.viewers.keys()]);
    if (room.sockets.size === 0) {
      this.unsubscribeRoom(room);
      this.rooms.delete(roomId);
      this.received.delete(roomId);
      this.hosts.forget(roomId);
      this.speakers.forget(roomId);
      this.quota.forget(roomId);
      this.tally.forget(roomId);
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

  publishAllPresence(): void {
    for (const [roomId, room] of this.rooms) this.publishPresence(roomId, [...room.viewers.keys()]);
  }

  /** Rooms this gateway has sockets in (for tests). */
  get size(): number {
    return this.rooms.size;
  }

  private count(roomId: string): void {
    // An event already on its way when the room went is not counted: what the gateway knew of it is gone.
    if (this.rooms.has(roomId)) this.received.set(roomId, (this.received.get(roomId) ?? 0) + 1);
  }

  private sendHostStatus(roomId: string): void {
    sendHostStatus(this.rooms.get(roomId), roomId, this.hosts.connected(roomId));
  }

  private addViewer(room: LocalRoom, roomId: string, socket: LiveSocket, lang: LanguageCode): void {
    const set = room.viewers.get(lang);
    if (set) {
      set.add(socket);
      return this.tally.changed(roomId);
    }
    const viewers = new Set([socket]);
    room.viewers.set(lang, viewers);
    const feed = new LanguageFeed(
      this.bus,
      roomId,
      lang,
      room.lastSeq,
      viewers,
      () => this.count(roomId),
      (speakerId) => room.finalAt.get(speakerId),
      this.config?.TRANSLATION_WAIT_MS,
    );
    room.translations.set(lang, feed);
    this.publishPresence(roomId, [...room.viewers.keys()]);
  }

  private removeViewer(room: LocalRoom, roomId: string, socket: LiveSocket, lang: LanguageCode): void {
    const set = room.viewers.get(lang);
    if (!set?.delete(socket)) return;
    if (set.size > 0) return this.tally.changed(roomId);
    room.viewers.delete(lang);
    this.closeFeed(room, lang);
    this.publishPresence(roomId, [...room.viewers.keys()]);
  }

  private closeFeed(room: LocalRoom, lang: LanguageCode): void {
    room.translations.get(lang)?.close();
    room.translations.delete(lang);
  }

  private unsubscribeRoom(room: LocalRoom): void {
    room.events();
    for (const lang of [...room.translations.keys()]) this.closeFeed(room, lang);
  }

  private publishPresence(roomId: string, langs: LanguageCode[], host = this.holdsHost(roomId)): void {
    const room = this.rooms.get(roomId);
    const arrivals = this.tally.drain(roomId);
    this.bus.emit(LIVE_SUBJECTS.presence, {
      gatewayId: this.gatewayId,
      roomId,
      langs,
      ttlMs: REALTIME.presenceTtlMs,
      host,
      viewers: room && langs.length ? viewerCounts(room.viewers) : {},
      ...(arrivals ? { arrivals } : {}),
    });
  }
}
