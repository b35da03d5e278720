import type { TranscriptEventFrame, TranscriptFrame } from '@lt/contracts';

export type EntryState = 'pending' | 'acked' | 'failed';

export interface TranscriptEntry {
  messageId: string;
  text: string;
  timestamp: string;
  state: EntryState;
  seq?: number;
  /** Why the server refused the line: its error code, shown by its text. */
  errorCode?: string;
  speakerId?: string;
  speakerName?: string;
}

export type TranscriptLogAction =
  | { type: 'sent'; frame: TranscriptFrame }
  | { type: 'acked'; messageId: string; seq: number }
  | { type: 'failed'; messageId: string; code: string }
  | { type: 'stored'; frame: TranscriptEventFrame }
  | { type: 'cleared' };

/** The log keeps the latest entries only, so a long session does not slow the page down. */
export const LOG_LIMIT = 500;

export function initialTranscriptLog(pending: readonly TranscriptFrame[]): TranscriptEntry[] {
  return pending.map((frame) => ({
    messageId: frame.messageId,
    text: frame.text,
    timestamp: frame.timestamp,
    state: 'pending',
  }));
}

function update(log: TranscriptEntry[], messageId: string, change: (entry: TranscriptEntry) => TranscriptEntry): TranscriptEntry[] {
  const index = log.findIndex((entry) => entry.messageId === messageId);
  if (index === -1) return log;
  const next = log.slice();
  next[index] = change(log[index]);
  return next;
}

function append(log: TranscriptEntry[], entry: TranscriptEntry): TranscriptEntry[] {
  const next = [...log, entry];
  return next.length > LOG_LIMIT ? next.slice(next.length - LOG_LIMIT) : next;
}

/** Stored lines keep seq order (history and live lines may interleave); unacked ones stay last. */
function insertBySeq(log: TranscriptEntry[], entry: TranscriptEntry): TranscriptEntry[] {
  const seq = entry.seq ?? Infinity;
  const index = log.findIndex((other) => other.seq === undefined || other.seq > seq);
  if (index === -1) return append(log, entry);
  const next = [...log.slice(0, index), entry, ...log.slice(index)];
  return next.length > LOG_LIMIT ? next.slice(next.length - LOG_LIMIT) : next;
}

export function transcriptLogReducer(log: TranscriptEntry[], action: TranscriptLogAction): TranscriptEntry[] {
  switch (action.type) {
    case 'sent':
      if (log.some((entry) => entry.messageId === action.frame.messageId)) return log;
      return append(log, {
        messageId: action.frame.messageId,
        text: action.frame.text,
        timestamp: action.frame.timestamp,
        state: 'pending',
      });
    case 'acked':
      return update(log, action.messageId, (entry) => ({ ...entry, state: 'acked', seq: action.seq, errorCode: undefined }));
    case 'failed':
      return update(log, action.messageId, (entry) =>
        entry.state === 'acked' ? entry : { ...entry, state: 'failed', errorCode: action.code },
      );
    case 'stored': {
      const { frame } = action;
      if (log.some((entry) => entry.messageId === frame.messageId)) {
        return update(log, frame.messageId, (entry) => ({ ...entry, state: 'acked', seq: frame.seq, errorCode: undefined }));
      }
      return insertBySeq(log, {
        messageId: frame.messageId,
        text: frame.text,
        timestamp: frame.timestamp,
        state: 'acked',
        seq: frame.seq,
        speakerId: frame.speakerId,
        speakerName: frame.speakerName,
      });
    }
    case 'cleared':
      return log.filter((entry) => entry.state === 'pending');
  }
}
