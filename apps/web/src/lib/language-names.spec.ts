import { findLanguage, type Language } from '@lt/contracts';
import { languageNameIn, languageOptionLabel, languageTitleIn } from './language-names';

const lang = (code: string) => findLanguage(code) as Language;

describe('language names in the interface language', () => {
  it('names a language in Spanish inside a sentence and alone', () => {
    expect(languageNameIn(lang('en'), 'es')).toBe('inglés');
    expect(languageTitleIn(lang('de'), 'es')).toBe('Alemán');
  });

  it('keeps the product’s English names in English', () => {
    expect(languageNameIn(lang('de'), 'en')).toBe('German');
  });

  it('labels an option with its own name, then the reader’s, once when they are the same', () => {
    expect(languageOptionLabel(lang('es'), 'es')).toBe('Español');
    expect(languageOptionLabel(lang('en'), 'es')).toBe('English (US) · Inglés');
    expect(languageOptionLabel(lang('es'), 'en')).toBe('Español · Spanish');
  });
});
