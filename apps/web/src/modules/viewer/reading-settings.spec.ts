import {
  DEFAULT_READING,
  lastLines,
  LEGACY_SIZE_KEY,
  loadReadingSettings,
  parseReadingSettings,
  saveReadingSettings,
} from './reading-settings';

beforeEach(() => window.localStorage.clear());

describe('parseReadingSettings', () => {
  it('reads the defaults from nothing, from damaged JSON and from a value that is not an object', () => {
    for (const raw of [null, '', '{not json', '[1,2]', '"large"', 'null']) expect(parseReadingSettings(raw)).toEqual(DEFAULT_READING);
  });

  it('keeps every known value and falls back field by field', () => {
    expect(parseReadingSettings('{"size":"largest","theme":"contrast","lines":3}')).toEqual({
      size: 'largest',
      theme: 'contrast',
      lines: 3,
    });
    expect(parseReadingSettings('{"size":"huge","theme":"dark","lines":4}')).toEqual({ size: 'normal', theme: 'dark', lines: 0 });
    expect(parseReadingSettings('{"lines":"2","theme":null}')).toEqual(DEFAULT_READING);
  });

  it('takes the size the viewer page kept before, unless a newer one is stored', () => {
    expect(parseReadingSettings(null, 'larger').size).toBe('larger');
    expect(parseReadingSettings('{"size":"large"}', 'larger').size).toBe('large');
    expect(parseReadingSettings(null, 'gigantic').size).toBe('normal');
  });
});

describe('loadReadingSettings and saveReadingSettings', () => {
  it('keep each surface its own settings across loads', () => {
    saveReadingSettings('viewer', { size: 'large', theme: 'dark', lines: 2 });
    saveReadingSettings('overlay', { size: 'largest', theme: 'contrast', lines: 1 });
    expect(loadReadingSettings('viewer')).toEqual({ size: 'large', theme: 'dark', lines: 2 });
    expect(loadReadingSettings('overlay')).toEqual({ size: 'largest', theme: 'contrast', lines: 1 });
  });

  it("brings the viewer page's old caption size over, not to the overlay", () => {
    window.localStorage.setItem(LEGACY_SIZE_KEY, 'larger');
    expect(loadReadingSettings('viewer').size).toBe('larger');
    expect(loadReadingSettings('overlay').size).toBe('normal');
  });

  it('answers the defaults when the browser refuses storage, and saving then does not throw', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('full');
    });
    try {
      expect(loadReadingSettings('viewer')).toEqual(DEFAULT_READING);
      expect(() => saveReadingSettings('viewer', { ...DEFAULT_READING, theme: 'light' })).not.toThrow();
    } finally {
      getItem.mockRestore();
      setItem.mockRestore();
    }
  });
});

describe('lastLines', () => {
  it('keeps the last lines, or all for 0', () => {
    expect(lastLines([1, 2, 3, 4], 2)).toEqual([3, 4]);
    expect(lastLines([1, 2], 5)).toEqual([1, 2]);
    expect(lastLines([1, 2, 3], 0)).toEqual([1, 2, 3]);
  });
});
