/** A message's time of day in the browser's zone; empty for a timestamp that does not parse. */
export function clockTime(timestamp: string, seconds = true): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}) });
}
