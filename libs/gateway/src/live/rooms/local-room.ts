import type { LanguageCode, QuestionFrame, QuestionReadyEvent } from '@lt/contracts';
import type { Unsubscribe } from '@lt/platform';
import { writeCounted } from './fan-out';
import { hostStatusFrame } from './frames';
import type { LanguageFeed } from '../translations/language-feed';
import type { LiveSocket } from '../connection/live-socket';

/** A room this gateway has sockets in: who is there, and what it listens to for them. */
export interface LocalRoom {
  sockets: Set<LiveSocket>;
  viewers: Map<LanguageCode, Set<LiveSocket>>;
  /** The room's own subjects this gateway listens to while it has sockets there. */
  events: Unsubscribe;
  /** The translations of each language a local viewer reads. */
  translations: Map<LanguageCode, LanguageFeed>;
  /** The highest seq this gateway knows to be stored in the room. */
  lastSeq: number;
  /** Each speaker's latest stored sentence, by its timestamp: interim lines said before it are out of date. */
  finalAt: Map<string, string>;
}

/** One frame to the room's hosts (its settings, what interim translation costs). */
export function toHosts(room: LocalRoom | undefined, text: string, type: string): void {
  writeCounted(type, room?.sockets ?? [], (socket) => socket.role === 'host' && socket.sendRaw(text));
}

/** One frame to every socket of the room. */
export function broadcast(room: LocalRoom | undefined, json: string, type: string): void {
  const text = Buffer.from(json);
  writeCounted(type, room?.sockets ?? [], (socket) => socket.sendRaw(text));
}

/** One frame to every socket of the room but those of one speaker (who knows what it said or did). */
export function broadcastBut(room: LocalRoom | undefined, speakerId: string, json: string, type: string): void {
  const text = Buffer.from(json);
  writeCounted(type, room?.sockets ?? [], (socket) => socket.speakerId !== speakerId && socket.sendRaw(text));
}

/** Viewers and speakers hear whether the host is connected (hosts know). */
export function sendHostStatus(room: LocalRoom | undefined, roomId: string, connected: boolean): void {
  if (!room) return;
  const text = Buffer.from(JSON.stringify(hostStatusFrame(roomId, connected)));
  writeCounted('host_status', room.sockets, (socket) => socket.role !== 'host' && socket.sendRaw(text));
}

/** A question in one language to the viewers reading it, and to the host and speakers when it is the room's language. */
export function sendQuestion(room: LocalRoom | undefined, event: QuestionReadyEvent): void {
  if (!room) return;
  const frame: QuestionFrame = { type: 'question', roomId: event.roomId, question: event.question };
  const text = JSON.stringify(frame);
  writeCounted('question', room.viewers.get(event.lang) ?? [], (socket) => socket.sendRaw(text));
  if (event.forHosts) writeCounted('question', room.sockets, (socket) => socket.role !== 'viewer' && socket.sendRaw(text));
}
