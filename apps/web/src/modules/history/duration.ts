const MINUTE_MS = 60_000;

/** A room's duration is updated_at minus created_at, in whole minutes. */
export function roomDurationMinutes(createdAt: string, updatedAt: string): number {
  const ms = Date.parse(updatedAt) - Date.parse(createdAt);
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / MINUTE_MS) : 0;
}

/** 'N min' under an hour, otherwise 'Hh Mm'. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
