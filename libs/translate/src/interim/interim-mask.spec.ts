import { withoutLastWords } from '@lt/contracts';
import { maskFor } from './interim-translator';

const shown = (text: string, mask = 2) => withoutLastWords(text, maskFor(text, mask));

describe('interim translation mask', () => {
  it('holds back the last two words of a line long enough to keep most of it', () => {
    expect(shown('nous allons parler de la traduction')).toBe('nous allons parler de');
    expect(shown('nous allons parler de')).toBe('nous allons');
  });

  it('shows the first word of a sentence’s first, short translation instead of masking it all away', () => {
    expect(shown('nous allons')).toBe('nous');
    expect(shown('nous allons parler')).toBe('nous allons');
    expect(shown('nous')).toBe('nous');
  });

  it('holds back nothing when the mask is off', () => {
    expect(shown('nous allons', 0)).toBe('nous allons');
  });
});
