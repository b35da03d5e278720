import { browserLocale, initialLocale } from './locale-choice';

describe('the first interface language', () => {
  it.each([
    [['en-US', 'en'], 'en'],
    [['es-ES', 'es'], 'es'],
    [['es-MX'], 'es'],
    [['en_GB'], 'en'],
    [['ES'], 'es'],
    [['fr-FR', 'es-ES', 'en-US'], 'es'],
    [['de-DE', 'en-US', 'es'], 'en'],
  ] as const)('follows the browser languages %j → %s', (languages, expected) => {
    expect(browserLocale(languages)).toBe(expected);
  });

  it.each([[['fr-FR', 'de']], [['pt-BR']], [[]], [undefined]] as const)('falls back to English for %j', (languages) => {
    expect(browserLocale(languages)).toBe('en');
  });

  it('does not read an unsupported or prototype key as a language', () => {
    expect(browserLocale(['constructor', 'toString', 'es'])).toBe('es');
  });

  it('lets the choice stored in this browser win over the browser languages', () => {
    expect(initialLocale('es', ['en-US'])).toBe('es');
    expect(initialLocale('en', ['es-ES'])).toBe('en');
    expect(initialLocale(null, ['es-ES'])).toBe('es');
    expect(initialLocale('fr', ['es-ES'])).toBe('es');
    expect(initialLocale('', ['en-US'])).toBe('en');
  });
});
