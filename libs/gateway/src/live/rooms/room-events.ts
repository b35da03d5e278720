import { Logger } from '@nestjs/common';
import {
  CLOSE_CODES,
  FAST_CAPTIONS_SUBJECTS,
  INGEST_SUBJECTS,
  LIVE_SUBJECTS,
  LiveErrorCode,
  QUESTIONS_SUBJECTS,
  ROOMS_SUBJECTS,
  SPEAKERS_SUBJECTS,
  USAGE_SUBJECTS,
  roomEventName,
  type BusPayload,
  type RoomEventRoute,
} from '@lt/contracts';
import { checkPayload } from '@lt/platform';
import { arrival, fanOut } from './fan-out';
import { quotaFrame, roomDeletedFrame, roomStatusFrame, speakerFrame, transcriptFrame } from './frames';
import type { HostPresence } from '../presence/host-presence';
import { broadcast, broadcastBut, sendHostStatus, sendQuestion, toHosts, type LocalRoom } from './local-room';
import type { QuotaState } from '../join/quota-state';
import type { SpeakerRoster } from '../presence/speaker-roster';

/** What the handlers of room events act on: the rooms this gateway has sockets in, and what it knows of them. */
export interface RoomEventsContext {
  readonly gatewayId: string;
  readonly hosts: HostPresence;
  readonly quota: QuotaState;
  readonly speakers: SpeakerRoster;
  room(roomId: string): LocalRoom | undefined;
}

interface Handler {
  route: RoomEventRoute;
  handle: (roomId: string, payload: unknown) => void;
}

/** Pairs a route with its handler, which receives the payload as the route's schema parsed it. */
const on = <R extends RoomEventRoute>(route: R, handle: (roomId: string, payload: BusPayload<R>) => void): Handler => ({
  route,
  handle: handle as Handler['handle'],
});

/**
 * Routes the events of a room (on its `room.<roomId>.event.*` subjects) to this gateway's sockets in it. Each
 * is checked against its route's schema once, here at the edge: an invalid one is dropped and logged. Events
 * of no interest to the sockets (e.g. a glossary change) are ignored.
 */
export class RoomEvents {
  private readonly logger = new Logger('RoomEvents');
  private readonly handlers: Map<string, Handler>;

  constructor(private readonly ctx: RoomEventsContext) {
    const handlers = [
      on(ROOMS_SUBJECTS.transcriptStored, (_, t) => {
        const room = ctx.room(t.roomId);
        if (!room) return;
        const text = JSON.stringify(transcriptFrame(t));
        // Hosts and speakers see the stored sentence, but not its own speaker; viewers read its translations.
        fanOut('transcript', arrival(), { 'lt.room_id': t.roomId, 'lt.seq': t.seq }, room.sockets, (socket) => {
          return socket.role !== 'viewer' && (t.recognised || socket.speakerId !== t.speakerId) && socket.sendRaw(text);
        });
        room.lastSeq = Math.max(room.lastSeq, t.seq);
        const before = room.finalAt.get(t.speakerId);
        if (!before || Date.parse(before) < Date.parse(t.timestamp)) room.finalAt.set(t.speakerId, t.timestamp);
        for (const feed of room.translations.values()) feed.expect(t.seq);
      }),
      on(ROOMS_SUBJECTS.statusChanged, (_, event) => {
        const frame = roomStatusFrame(event);
        if (frame) broadcast(ctx.room(event.roomId), JSON.stringify(frame), frame.type);
      }),
      // A deleted room ends for everyone in it, then its sockets close: there is nothing left to come back to.
      on(ROOMS_SUBJECTS.deleted, (_, event) => {
        broadcast(ctx.room(event.roomId), JSON.stringify(roomDeletedFrame(event)), 'room_end');
        for (const socket of [...(ctx.room(event.roomId)?.sockets ?? [])]) socket.close(CLOSE_CODES.roomDeleted, 'Room deleted');
      }),
      // Hosts follow the room's Fast captions setting and what its interim translations cost, live.
      on(FAST_CAPTIONS_SUBJECTS.settings, (roomId, event) =>
        toHosts(ctx.room(roomId), JSON.stringify({ type: 'room_settings', ...event }), 'room_settings'),
      ),
      on(FAST_CAPTIONS_SUBJECTS.usage, (roomId, event) =>
        toHosts(ctx.room(roomId), JSON.stringify({ type: 'interim_usage', ...event }), 'interim_usage'),
      ),
      // The venue feed's state, for the host page's status line.
      on(INGEST_SUBJECTS.feedStatus, (roomId, event) =>
        toHosts(ctx.room(roomId), JSON.stringify({ type: 'feed_status', ...event }), 'feed_status'),
      ),
      // A line recognised on the server goes to its speaker's pages too: none of them said it in the browser.
      on(LIVE_SUBJECTS.interim, (_, event) =>
        event.recognised
          ? broadcast(ctx.room(event.roomId), JSON.stringify(event), 'interim')
          : broadcastBut(ctx.room(event.roomId), event.speakerId, JSON.stringify(event), 'interim'),
      ),
      // `speaker_joined` / `speaker_left` to everyone in the room but the speaker itself; a heartbeat only keeps it present.
      on(SPEAKERS_SUBJECTS.presence, (_, event) => {
        if (ctx.speakers.onEvent(event))
          broadcastBut(ctx.room(event.roomId), event.speakerId, JSON.stringify(speakerFrame(event)), event.type);
      }),
      // A removed speaker is told why, then its sockets close: its token opens nothing any more, so it does not come back.
      on(SPEAKERS_SUBJECTS.removed, (_, event) => {
        for (const socket of [...(ctx.room(event.roomId)?.sockets ?? [])]) {
          if (socket.role !== 'speaker' || socket.speakerId !== event.speakerId) continue;
          socket.error(LiveErrorCode.SpeakerRemoved, 'You have been removed from this room');
          socket.close(CLOSE_CODES.speakerRemoved, 'Speaker removed');
        }
      }),
      on(LIVE_SUBJECTS.host, (roomId, event) => {
        if (ctx.hosts.onRemote(event, ctx.gatewayId)) sendHostStatus(ctx.room(roomId), roomId, ctx.hosts.connected(roomId));
      }),
      on(LIVE_SUBJECTS.hostQuery, (roomId) => ctx.hosts.answer(roomId, ctx.gatewayId)),
      // Everyone in the room hears that translation, summaries and server audio paused or resumed (once per change).
      on(USAGE_SUBJECTS.quotaChanged, (_, event) => {
        if (!ctx.quota.changed(event)) return;
        const frame = quotaFrame(event);
        broadcast(ctx.room(event.roomId), JSON.stringify(frame), frame.type);
      }),
      // A question in one language: one frame for its readers (and, in the room's language, for host and speakers).
      on(QUESTIONS_SUBJECTS.ready, (_, event) => sendQuestion(ctx.room(event.roomId), event)),
      // Votes and status are the same in every language: one frame for everyone (hidden: gone for all at once).
      on(QUESTIONS_SUBJECTS.changed, (_, e) => {
        const frame = { type: 'question_update', roomId: e.roomId, id: e.id, votes: e.votes, status: e.status };
        broadcast(ctx.room(e.roomId), JSON.stringify(frame), frame.type);
      }),
      on(QUESTIONS_SUBJECTS.enabled, (_, e) => {
        const frame = { type: 'questions_enabled', roomId: e.roomId, enabled: e.enabled };
        broadcast(ctx.room(e.roomId), JSON.stringify(frame), frame.type);
      }),
    ];
    this.handlers = new Map(handlers.map((h) => [h.route.name, h]));
  }

  /** One event received on the room's subjects. */
  dispatch(roomId: string, payload: unknown, subject: string): void {
    const handler = this.handlers.get(roomEventName(subject));
    if (!handler) return;
    const checked = checkPayload(handler.route.payload, payload, subject);
    if ('problem' in checked) return this.logger.warn(`dropped: ${checked.problem}`);
    handler.handle(roomId, checked.data);
  }
}
