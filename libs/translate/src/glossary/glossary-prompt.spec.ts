import type { GlossaryEntry } from '@lt/contracts';
import { entriesIn, glossaryPrompt, keptTerms } from './glossary-prompt';

const entry = (term: string, extra: Partial<GlossaryEntry> = {}): GlossaryEntry => ({ term, keep: false, translations: {}, ...extra });

describe('a room glossary applied to a text', () => {
  const entries = [
    entry('Acme Cloud', { keep: true, note: 'the product' }),
    entry('ponencia', { translations: { fr: 'exposé', de: 'Vortrag' } }),
    entry('IA', { note: 'inteligencia artificial' }),
    entry('東京', { keep: true }),
  ];

  it('takes only the entries whose term occurs, whatever the case, on word boundaries', () => {
    expect(entriesIn(entries, 'La PONENCIA sobre acme cloud').map((e) => e.term)).toEqual(['Acme Cloud', 'ponencia']);
    expect(entriesIn(entries, 'Las ponencias de la Acme Cloudera')).toEqual([]);
    expect(entriesIn(entries, 'La IA, hoy').map((e) => e.term)).toEqual(['IA']);
    expect(entriesIn(entries, 'Mediante la vía')).toEqual([]);
  });

  it('finds terms in scripts without spaces between words', () => {
    expect(entriesIn(entries, '明日は東京で会議').map((e) => e.term)).toEqual(['東京']);
  });

  it('says what to keep, how to translate for the target language, and the notes', () => {
    const applied = { version: 3, entries: entriesIn(entries, 'La ponencia de Acme Cloud sobre IA') };
    expect(glossaryPrompt(applied, 'fr')).toBe(
      [
        'Glossary of this talk, to follow where these terms occur:',
        '- Keep "Acme Cloud" exactly as it is, untranslated. (the product)',
        '- Translate "ponencia" as "exposé".',
        '- "IA": inteligencia artificial',
      ].join('\n'),
    );
    expect(glossaryPrompt(applied, 'it')).not.toMatch(/ponencia/);
    expect(keptTerms(applied)).toEqual(['Acme Cloud']);
    expect(glossaryPrompt({ version: 3, entries: [] }, 'fr')).toBe('');
  });
});
