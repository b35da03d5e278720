import { LANGUAGES } from '../languages';
import { decodeGlossaryCsv, encodeGlossaryCsv } from './glossary-csv';
import { GLOSSARY_LIMITS } from './glossary.messages';
import { parseGlossaryBody, type GlossaryDraftEntry } from './glossary.dto';

const headerOf = (codes: readonly string[]) =>
  `term,keep,${LANGUAGES.map((l) => l.code)
    .filter((c) => codes.includes(c))
    .join(',')},note`;
const errorsOf = (text: string) => {
  const result = decodeGlossaryCsv(text);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
};

describe('glossary CSV', () => {
  const tricky: GlossaryDraftEntry[] = [
    { term: 'Kubernetes', keep: true, translations: {}, note: 'Product name, never translated' },
    { term: 'keynote', keep: false, translations: { es: 'ponencia', fr: 'conférence "plénière"' }, note: 'Use, in Spain, "ponencia"' },
    { term: 'Nguyễn', keep: true, translations: {}, note: 'Speaker:\nfirst line\r\nsecond line' },
    { term: 'شبكة', keep: false, translations: { en: 'network', de: 'Netz, Netzwerk' } },
    { term: 'ação', keep: false, translations: { pt: 'ação', it: 'azione' } },
  ];

  it('round-trips quotes, commas, newlines, accents and right-to-left text', () => {
    const text = encodeGlossaryCsv(tricky);
    expect(text.startsWith('\uFEFF' + headerOf(['es', 'fr', 'en', 'de', 'pt', 'it']) + '\r\n')).toBe(true);
    expect(decodeGlossaryCsv(text)).toEqual({ ok: true, entries: tricky.map((e) => ({ ...e, note: e.note?.replace(/\r\n/g, '\n') })) });
  });

  it('writes a column per language used or shown, not one per language known', () => {
    const entries: GlossaryDraftEntry[] = [
      { term: 'keynote', keep: false, translations: { ja: '基調講演', fr: ' ' } },
      { term: 'Kubernetes', keep: true, translations: {} },
    ];
    expect(encodeGlossaryCsv(entries).split('\r\n')[0]).toBe('\uFEFFterm,keep,ja,note');
    expect(encodeGlossaryCsv(entries, ['fr']).split('\r\n')[0]).toBe(`\uFEFF${headerOf(['ja', 'fr'])}`);
    expect(encodeGlossaryCsv([]).split('\r\n')[0]).toBe('\uFEFFterm,keep,note');
  });

  it('writes a cell that starts like a formula as text, and reads it back as it was', () => {
    const entries: GlossaryDraftEntry[] = [
      { term: '=HYPERLINK("http://x","y")', keep: false, translations: { es: '+1', fr: '@SUM(A1)' }, note: '-2' },
    ];
    const text = encodeGlossaryCsv(entries);
    const row = text.split('\r\n')[1];
    expect(row.startsWith(`"'=HYPERLINK(""http://x"",""y"")"`)).toBe(true);
    for (const cell of ["'+1", "'@SUM(A1)", "'-2"]) expect(row).toContain(cell);
    expect(row).not.toMatch(/(^|,)[=+\-@]/);
    const back = decodeGlossaryCsv(text);
    expect(back.ok && back.entries).toEqual(entries);
  });

  it('reads a file without BOM, with LF line ends, columns in any order and case, and blank lines', () => {
    const text = 'NOTE,Term,es,Keep\n"a note",Keynote,ponencia,no\n\n,Kubernetes,,YES\n';
    expect(decodeGlossaryCsv(text)).toEqual({
      ok: true,
      entries: [
        { term: 'Keynote', keep: false, translations: { es: 'ponencia' }, note: 'a note' },
        { term: 'Kubernetes', keep: true, translations: {}, note: undefined },
      ],
    });
  });

  it.each([
    ['true', true],
    ['1', true],
    ['False', false],
    ['0', false],
  ])('reads keep %s', (value, keep) => {
    const result = decodeGlossaryCsv(`term,keep,es\nX,${value},${keep ? '' : 'equis'}\n`);
    expect(result.ok && result.entries[0].keep).toBe(keep);
  });

  it('names the line of each bad row, counting the lines inside quoted fields', () => {
    const text = [
      'term,keep,es,note',
      'Kubernetes,yes,,"two',
      'lines"',
      'keynote,maybe,ponencia,',
      'KUBERNETES,yes,,',
      ',no,vacío,',
      `${'x'.repeat(GLOSSARY_LIMITS.termMax + 1)},yes,,`,
      'a,b,c,d,e',
      'orphan,no,,',
    ].join('\n');
    expect(errorsOf(text).map(({ line, message }) => ({ line, message }))).toEqual([
      { line: 4, message: 'keep: "maybe" is not yes, no, true, false, 1 or 0' },
      { line: 5, message: 'term: "KUBERNETES" repeats the term of line 2' },
      { line: 6, message: 'term: The term is required' },
      { line: 7, message: `term: The term must be at most ${GLOSSARY_LIMITS.termMax} characters (it has ${GLOSSARY_LIMITS.termMax + 1})` },
      { line: 8, message: '5 fields where the header has 4 (quote a field that holds a comma)' },
      { line: 9, message: 'keep: Keep the term as it is, or give at least one translation' },
    ]);
  });

  it('refuses a bad header, an unclosed quote and an empty file with the line', () => {
    expect(errorsOf('term,keep,xx\n')).toEqual([
      expect.objectContaining({ line: 1, code: 'unknownColumn', params: expect.objectContaining({ name: 'xx' }) }),
    ]);
    expect(errorsOf('keep,es\n')).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringContaining('needs a "term" column') }),
    ]);
    expect(errorsOf('term,es,ES\n')).toEqual([expect.objectContaining({ line: 1, message: 'The column "ES" appears twice' })]);
    expect(errorsOf('term,keep\nA,yes\n"B,no\n')).toEqual([
      expect.objectContaining({ line: 3, message: 'A quoted field is never closed' }),
    ]);
    expect(errorsOf('term,keep\n"A"x,yes\n')).toEqual([
      expect.objectContaining({ line: 2, message: expect.stringContaining('Text after a closing quote') }),
    ]);
    expect(errorsOf('\uFEFF')).toEqual([expect.objectContaining({ line: 1, message: expect.stringContaining('empty') })]);
  });

  it('refuses more entries than a glossary holds', () => {
    const rows = Array.from({ length: GLOSSARY_LIMITS.maxEntries + 1 }, (_, i) => `term ${i},yes`);
    expect(errorsOf(['term,keep', ...rows].join('\n'))).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringContaining('at most 500 entries') }),
    ]);
  });
});

describe('glossary body', () => {
  it('accepts entries and stores them trimmed', () => {
    expect(
      parseGlossaryBody({
        entries: [
          { term: ' Kubernetes ', keep: true, note: ' ' },
          { term: 'keynote', keep: false, translations: { es: ' ponencia ' } },
        ],
      }),
    ).toEqual({
      ok: true,
      entries: [
        { term: 'Kubernetes', keep: true, translations: {} },
        { term: 'keynote', keep: false, translations: { es: 'ponencia' } },
      ],
    });
  });

  it('names the entry and field of each problem', () => {
    const result = parseGlossaryBody({
      entries: [
        { term: 'a', keep: true },
        { term: 'b', keep: 'yes' },
        { term: 'c', keep: false, translations: { xx: 'y' } },
      ],
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues.map((i) => [i.entry, i.field])).toEqual([
      [2, 'keep'],
      [3, 'translations'],
    ]);
    const dup = parseGlossaryBody({
      entries: [
        { term: 'Café', keep: true },
        { term: 'CAFÉ ', keep: true },
        { term: 'x', keep: true, translations: { es: 'y' } },
      ],
    });
    expect(!dup.ok && dup.issues).toEqual([
      { entry: 2, field: 'term', code: 'duplicate', params: { term: 'CAFÉ', first: 1 }, message: '"CAFÉ" repeats the term of entry 1' },
      { entry: 3, field: 'es', code: 'keptWithTranslations', params: {}, message: 'A term kept as it is takes no translations' },
    ]);
    const csv = decodeGlossaryCsv('term,keep\nCafé,yes\n\ncafé,yes\n');
    expect(!csv.ok && csv.errors).toEqual([
      { line: 4, code: 'duplicate', params: { term: 'café', first: 2, field: 'term' }, message: 'term: "café" repeats the term of line 2' },
    ]);
  });
});
