// Room values and rules without a schema: the web uses them without loading zod.

/** 'Room ' plus the first 8 characters of the id when the trimmed name is empty. */
export function defaultRoomName(id: string, name?: string | null): string {
  const trimmed = (name ?? '').trim();
  return trimmed.length > 0 ? trimmed : `Room ${id.slice(0, 8)}`;
}

/** The formats a transcript downloads in. */
export const TRANSCRIPT_FORMATS = ['txt', 'srt', 'vtt'] as const;

/** Whether the runtime knows `value` as an IANA time zone (`Europe/Madrid`, `UTC`). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
