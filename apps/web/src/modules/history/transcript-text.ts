import type { TranscriptMessage } from '@lt/contracts';

const TIME = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A message's clock time as the modal shows it and the copy writes it. */
export function messageTime(timestamp: string): string {
  const at = new Date(timestamp);
  return Number.isNaN(at.getTime()) ? timestamp : TIME.format(at);
}

/** The clipboard text of a transcript: one `[timestamp] text` line per message. */
export function transcriptCopyText(messages: readonly TranscriptMessage[]): string {
  return messages.map((message) => `[${messageTime(message.message_timestamp)}] ${message.text}`).join('\n');
}
