import { CLOSE_CODES, LiveErrorCode, type ServerFrame } from '@lt/contracts';

/** `connecting` is the first connection only; once joined, every loss until the next join is `reconnecting`. */
export type LiveStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected' | 'failed';

export type LiveProblem =
  { kind: 'timeout' } | { kind: 'closed'; code: number; reason: string } | { kind: 'rejected'; code: string; message: string };

/** Refusals that another attempt cannot fix. */
export const FATAL_JOIN_ERRORS: ReadonlySet<string> = new Set([
  LiveErrorCode.BadFrame,
  LiveErrorCode.Forbidden,
  LiveErrorCode.InvalidHostKey,
  LiveErrorCode.InvalidInvite,
  LiveErrorCode.RoomNotFound,
]);

/**
 * Closes after which reconnecting cannot help: a policy violation, a deleted room, a removed speaker. Every
 * other close (a restart, a slow reader, a lost network) is followed by a reconnect with back-off.
 */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([
  CLOSE_CODES.policyViolation,
  CLOSE_CODES.roomDeleted,
  CLOSE_CODES.speakerRemoved,
]);

export function isServerFrame(value: unknown): value is ServerFrame {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}
