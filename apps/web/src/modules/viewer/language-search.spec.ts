import { fold, languageForTag, pickerOptions, searchLanguages, suggestedLanguages } from './language-search';

const codes = (list: { code: string }[]) => list.map((l) => l.code);

describe('searching the languages', () => {
  it('finds a language by its native name, its English name or its code, accents or not', () => {
    expect(codes(searchLanguages('العربية'))).toEqual(['ar']);
    expect(codes(searchLanguages('arab'))[0]).toBe('ar');
    expect(codes(searchLanguages('ARABIC'))).toEqual(['ar']);
    expect(codes(searchLanguages('espanol'))).toEqual(['es']);
    expect(codes(searchLanguages('cestina'))).toEqual(['cs']);
    expect(codes(searchLanguages('日本'))).toEqual(['ja']);
    expect(codes(searchLanguages('zh-hant'))).toEqual(['zh-Hant']);
    expect(codes(searchLanguages('chinese'))).toEqual(['zh-Hans', 'zh-Hant']);
    expect(codes(searchLanguages('traditional'))).toEqual(['zh-Hant']);
  });

  it('puts the best match first: the code, then a name that starts with the query, then a word', () => {
    expect(codes(searchLanguages('uk'))[0]).toBe('uk');
    expect(codes(searchLanguages('ind'))).toEqual(['en-IN', 'id', 'hi']);
    expect(codes(searchLanguages('portug'))).toEqual(['pt', 'pt-PT']);
  });

  it('lists every language for an empty query and none for nonsense', () => {
    expect(searchLanguages('  ')).toHaveLength(52);
    expect(searchLanguages('klingon')).toEqual([]);
    expect(fold(' Ελληνικά ')).toBe('ελληνικα');
  });
});

describe('suggesting the browser languages', () => {
  it.each([
    ['ar', 'ar'],
    ['ar-EG', 'ar'],
    ['pt-BR', 'pt'],
    ['pt-PT', 'pt-PT'],
    ['en-GB', 'en'],
    ['en-IN', 'en-IN'],
    ['zh-CN', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['no', 'nb'],
    ['iw', 'he'],
  ])('reads %s as %s', (tag, code) => {
    expect(languageForTag(tag)).toBe(code);
  });

  it('ignores what it does not offer or cannot read', () => {
    expect(languageForTag('tlh')).toBeNull();
    expect(languageForTag('not a tag')).toBeNull();
  });

  it('suggests the preferred languages in the browser order, each once, three at most', () => {
    expect(codes(suggestedLanguages(['ar-EG', 'ar', 'fr-CA', 'xx', 'en-US', 'de']))).toEqual(['ar', 'fr', 'en']);
    expect(suggestedLanguages([])).toEqual([]);
  });

  it('shows the suggestions first and not twice, but not while searching', () => {
    const { suggested, rest } = pickerOptions('', ['uk-UA', 'ru']);
    expect(codes(suggested)).toEqual(['uk', 'ru']);
    expect(codes(rest)).not.toContain('uk');
    expect(suggested.length + rest.length).toBe(52);
    expect(pickerOptions('fren', ['uk-UA'])).toEqual({ suggested: [], rest: [expect.objectContaining({ code: 'fr' })] });
  });

  it('finds languages by their names in the interface language too (inglés, alemán), accents or not', () => {
    expect(codes(searchLanguages('inglés', 'es')).slice(0, 2)).toEqual(['en', 'en-IN']);
    expect(codes(searchLanguages('aleman', 'es'))).toEqual(['de']);
    expect(codes(searchLanguages('chino', 'es'))).toEqual(expect.arrayContaining(['zh-Hans', 'zh-Hant']));
    expect(searchLanguages('alemán', 'en')).toEqual([]);
  });
});
