import { interpolate, translate } from './translate';

describe('plural texts', () => {
  it('picks the form Intl.PluralRules gives for the number, in the locale', () => {
    const viewers = '{count, plural, one {# viewer} other {# viewers}}';
    expect(interpolate(viewers, { count: 1 }, 'en')).toBe('1 viewer');
    expect(interpolate(viewers, { count: 0 }, 'en')).toBe('0 viewers');
    expect(interpolate(viewers, { count: 1234 }, 'en')).toBe('1,234 viewers');
    expect(interpolate('{n, plural, =0 {none} one {# term} other {# terms}} of {max}', { n: 0, max: 5 }, 'en')).toBe('none of 5');
  });

  it("writes the app's counted texts in the singular for one, in both languages", () => {
    expect(translate('en', 'viewer.catchUp.late', { count: 1 })).toContain('1 message was said before you arrived');
    expect(translate('es', 'viewer.catchUp.late', { count: 1 })).toContain('se dijo 1 mensaje antes');
    expect(translate('es', 'viewer.catchUp.back', { count: 3 })).toContain('se dijeron 3 mensajes');
  });
});
