import type { TranscriptMessage } from '@lt/contracts';

import { dateLocale } from '../dashboard/format';

/** A message's clock time as the modal shows it and the copy writes it, in the reader's locale. */
export function messageTime(timestamp: string, locale: string): string {
  const at = new Date(timestamp);
  return Number.isNaN(at.getTime())
    ? timestamp
    : at.toLocaleTimeString(dateLocale(locale), { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** The clipboard text of a transcript: one `[timestamp] text` line per message. */
export function transcriptCopyText(messages: readonly TranscriptMessage[], locale: string): string {
  return messages.map((message) => `[${messageTime(message.message_timestamp, locale)}] ${message.text}`).join('\n');
}
