import type { TranslationFrame, TranslationRevisedFrame } from '@lt/contracts';
import { applyRevision } from './translation-revision';

const line = (seq: number, extra: Partial<TranslationFrame> = {}): TranslationFrame => ({
  type: 'translation',
  messageId: `m${seq}`,
  seq,
  lang: 'fr',
  text: `(fr) ligne ${seq}`,
  sourceLanguage: 'es',
  timestamp: '2026-01-01T10:00:00.000Z',
  speakerId: 'host',
  speakerName: 'Host',
  ...extra,
});
const revised = (seq: number, text: string, extra: Partial<TranslationRevisedFrame> = {}): TranslationRevisedFrame => ({
  type: 'translation_revised',
  messageId: `m${seq}`,
  seq,
  lang: 'fr',
  text,
  glossaryVersion: 2,
  ...extra,
});

describe('applyRevision', () => {
  const lines = [line(1), line(2), line(3)];

  it('replaces the text of the line of that seq in place, keeping the rest of it and the other lines', () => {
    const next = applyRevision(lines, revised(2, '(fr) exposé'));
    expect(next.map((l) => l.text)).toEqual(['(fr) ligne 1', '(fr) exposé', '(fr) ligne 3']);
    expect(next[2]).toBe(lines[2]);
    expect(next[1]).toEqual({ ...lines[1], text: '(fr) exposé' });
    expect(lines[1].text).toBe('(fr) ligne 2');
  });

  it('drops the fallback mark of a line the language model now translated', () => {
    const marked = [line(1, { fallback: 'service', text: 'backup' })];
    expect(applyRevision(marked, revised(1, 'backup'))[0]).not.toHaveProperty('fallback');
  });

  it('leaves the lines as they are for a line it does not have, another language or message, or the same text', () => {
    for (const frame of [
      revised(9, 'x'),
      revised(2, 'x', { lang: 'de' }),
      revised(2, 'x', { messageId: 'other' }),
      revised(2, '(fr) ligne 2'),
    ]) {
      expect(applyRevision(lines, frame)).toBe(lines);
    }
  });
});
