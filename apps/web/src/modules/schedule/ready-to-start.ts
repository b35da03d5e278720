import { SCHEDULE } from '@lt/contracts';

const MINUTE_MS = 60_000;

/**
 * A scheduled room is ready from 15 minutes before its time to 5 minutes after it; a room without
 * a time is always ready.
 */
export function isReadyToStart(scheduledAt: string | null, now: number = Date.now()): boolean {
  if (!scheduledAt) return true;
  const at = Date.parse(scheduledAt);
  if (Number.isNaN(at)) return true;
  return now >= at - SCHEDULE.readyBeforeMinutes * MINUTE_MS && now <= at + SCHEDULE.readyAfterMinutes * MINUTE_MS;
}
