import { readStorage, writeStorage } from '../../lib/storage';

export type CatchUpOffer =
  /** Came back: what was said after the last message this browser had seen in the room. */
  | { kind: 'back'; sinceSeq: number; missed: number }
  /** Joined after the start: what was said before it arrived, i.e. the session up to then. */
  | { kind: 'late'; missed: number };

export function seenStorageKey(roomId: string): string {
  return `lt.viewer.seen.${roomId}`;
}

export function readLastSeen(roomId: string): number | null {
  const value = Number(readStorage(seenStorageKey(roomId)));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function writeLastSeen(roomId: string, seq: number): void {
  if (seq > 0) writeStorage(seenStorageKey(roomId), String(seq));
}

/**
 * What a viewer missed, from the last seq it had seen before this visit (null: its first visit) and the room's
 * latest seq when it joined. Nothing to offer when it missed nothing.
 */
export function catchUpOffer(previousSeen: number | null, joinedSeq: number | null): CatchUpOffer | null {
  if (joinedSeq === null || joinedSeq <= 0) return null;
  if (previousSeen === null) return { kind: 'late', missed: joinedSeq };
  if (joinedSeq > previousSeen) return { kind: 'back', sinceSeq: previousSeen, missed: joinedSeq - previousSeen };
  return null;
}
