import { preferLanguages } from '../../../test/browser-languages';
import { dateLocale, localeDateTime } from './format';

const AT = '2026-11-28T10:00:00.000Z';

describe('dates in the browser locale', () => {
  describe('an en-US browser', () => {
    preferLanguages(['en-US', 'en']);
    it('writes every date as en-US does, in the English interface', () => {
      expect(dateLocale('en')).toBe('en-US');
      expect(localeDateTime(AT, 'en')).toBe(
        new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(AT)),
      );
    });
    it('falls back to the interface language when the browser does not speak it', () => {
      expect(dateLocale('es')).toBe('es');
    });
  });

  describe('an en-GB browser', () => {
    preferLanguages(['en-GB']);
    it('writes the day first and a 24-hour clock', () => {
      expect(dateLocale('en')).toBe('en-GB');
      expect(localeDateTime(AT, 'en')).not.toMatch(/AM|PM/);
    });
  });
});
