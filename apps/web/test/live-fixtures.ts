import type { TranscriptFrame } from '@lt/contracts';
import type { OutboxStore } from '../src/modules/live/outbox';

/** An outbox store in memory, with its contents visible to the test. */
export function memoryStore(initial: Record<string, string> = {}): OutboxStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    read: (key) => data[key] ?? null,
    write: (key, value) => void (data[key] = value),
    remove: (key) => void delete data[key],
  };
}

/** The n-th transcript frame of a test (n from 0 to 9). */
export function transcriptFrame(n: number, final = true): TranscriptFrame {
  return {
    type: 'transcript',
    messageId: `00000000-0000-4000-8000-00000000000${n}`,
    text: `sentence ${n}`,
    sourceLanguage: 'es',
    timestamp: '2026-01-01T10:00:00.000Z',
    confidence: 0.9,
    final,
  };
}
