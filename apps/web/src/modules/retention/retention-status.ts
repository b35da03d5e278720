import { retentionDays, type OwnedRoom, type RoomResponse } from '@lt/contracts';

const DAY_MS = 86_400_000;

/** What the history says of an ended room's transcript. */
export type RetentionStatus = { kind: 'keep' } | { kind: 'notStored' } | { kind: 'deleted'; at: string } | { kind: 'until'; at: string };

/** A room of the history: when its evaluation is there, its end time is the ending's. */
export type EndedRoom = Pick<RoomResponse, 'retention' | 'transcript_deleted_at' | 'updated_at'> & { evaluation?: OwnedRoom['evaluation'] };

export function retentionStatus(room: EndedRoom): RetentionStatus {
  const days = retentionDays(room.retention);
  if (days === null) return { kind: 'keep' };
  if (days === 0) return { kind: 'notStored' };
  const endedAt = new Date(room.evaluation?.end_time ?? room.updated_at).getTime();
  // Deleted for this ending, or still kept until its day (a room started again keeps its new transcript until then).
  if (room.transcript_deleted_at && new Date(room.transcript_deleted_at).getTime() >= endedAt) {
    return { kind: 'deleted', at: room.transcript_deleted_at };
  }
  return { kind: 'until', at: new Date(endedAt + days * DAY_MS).toISOString() };
}
