import type { InterimTranslationFrame, TranslationFrame, TranslationPartialFrame } from '@lt/contracts';
import { acceptFinal, acceptInterimTranslation, acceptPartial, emptyProvisional } from './provisional-lines';

const ROOM = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, s)).toISOString();
const speaker = { speakerId: 'host-1', speakerName: 'Host', sourceLanguage: 'en' as const };

const interim = (text: string, s: number): InterimTranslationFrame => ({
  type: 'interim_translation',
  roomId: ROOM,
  lang: 'fr',
  text,
  messageId: `i-${s}`,
  timestamp: at(s),
  ...speaker,
});
const partial = (seq: number, text: string, s: number): TranslationPartialFrame => ({
  type: 'translation_partial',
  seq,
  lang: 'fr',
  text,
  messageId: `m-${seq}`,
  timestamp: at(s),
  ...speaker,
});
const final = (seq: number, text: string, s: number): TranslationFrame => ({
  type: 'translation',
  seq,
  lang: 'fr',
  text,
  messageId: `m-${seq}`,
  timestamp: at(s),
  ...speaker,
});

describe('provisional lines', () => {
  it('shows the latest translated interim line in the viewer language, never an older one', () => {
    let state = acceptInterimTranslation(emptyProvisional, interim('bonjour à', 2), 'fr');
    state = acceptInterimTranslation(state, interim('bonjour à tous et', 3), 'fr');
    expect(state.translated?.text).toBe('bonjour à tous et');
    expect(acceptInterimTranslation(state, interim('bonjour', 1), 'fr')).toBe(state);
    expect(acceptInterimTranslation(emptyProvisional, interim('bonjour', 1), 'de')).toBe(emptyProvisional);
  });

  it('keeps the interim words while the final translation grows, then the final replaces it all', () => {
    let state = acceptInterimTranslation(emptyProvisional, interim('bonjour à tous et', 3), 'fr');
    state = acceptPartial(state, partial(1, 'bonjour', 4), 'fr', 0);
    expect(state.translated).toBeNull();
    expect(state.partials.map((p) => p.text)).toEqual(['bonjour à tous et']);
    state = acceptPartial(state, partial(1, 'bonjour à tous et bienvenue', 4), 'fr', 0);
    expect(state.partials.map((p) => p.text)).toEqual(['bonjour à tous et bienvenue']);
    state = acceptFinal(state, final(1, 'Bonjour à tous et bienvenue.', 4));
    expect(state.partials).toEqual([]);
  });

  it('drops what comes after its final: a late interim translation, a partial of a line already there', () => {
    let state = acceptFinal(emptyProvisional, final(1, 'Bonjour.', 4));
    state = acceptInterimTranslation(state, interim('bonjour', 3), 'fr');
    expect(state.translated).toBeNull();
    expect(acceptPartial(state, partial(1, 'bon', 4), 'fr', 1)).toBe(state);
  });
});
