import { TRANSLATION_CACHE, TranslationCache } from './translation-cache';

const key = (text: string, extra: Partial<{ roomId: string; to: string; glossaryVersion: number }> = {}) => ({
  roomId: 'r1',
  text,
  from: 'es',
  to: 'fr',
  glossaryVersion: 1,
  ...extra,
});

describe('the translation cache', () => {
  let cache: TranslationCache;
  beforeEach(() => (cache = new TranslationCache()));
  afterEach(() => cache.onModuleDestroy());

  it('is keyed by room, text, languages and glossary version', () => {
    cache.set(key('Hola a todos'), 'Bonjour à tous');
    expect(cache.get(key('hola  a TODOS '))).toBe('Bonjour à tous');
    expect(cache.get(key('Hola a todos', { roomId: 'r2' }))).toBeNull();
    expect(cache.get(key('Hola a todos', { to: 'de' }))).toBeNull();
    expect(cache.get(key('Hola a todos', { glossaryVersion: 2 }))).toBeNull();
  });

  it('keeps 1000 entries, the least recently used leaving first', () => {
    for (let i = 0; i < TRANSLATION_CACHE.maxEntries; i++) cache.set(key(`frase ${i}`), `phrase ${i}`);
    expect(cache.get(key('frase 0'))).toBe('phrase 0');
    cache.set(key('una más'), 'une de plus');
    expect(cache.size).toBe(TRANSLATION_CACHE.maxEntries);
    expect(cache.get(key('frase 1'))).toBeNull();
    expect(cache.get(key('frase 0'))).toBe('phrase 0');
  });

  it('forgets an entry after 30 minutes, and the sweep drops it', () => {
    cache.set(key('Hola'), 'Bonjour');
    cache.sweep(Date.now() + TRANSLATION_CACHE.ttlMs - 1000);
    expect(cache.size).toBe(1);
    cache.sweep(Date.now() + TRANSLATION_CACHE.ttlMs + 1);
    expect(cache.size).toBe(0);
  });

  it('has a sentence said again while its translation is being made wait for it, and keeps only successes', async () => {
    let release: (text: string) => void = () => undefined;
    const make = jest.fn(() => new Promise<string>((r) => (release = r)));
    const first = cache.through(key('Gracias'), make);
    const again = cache.through(key('gracias'), make);
    release('Merci');
    expect(await first).toEqual({ text: 'Merci', hit: false });
    expect(await again).toEqual({ text: 'Merci', hit: true });
    expect(make).toHaveBeenCalledTimes(1);
    await expect(cache.through(key('Falla'), () => Promise.reject(new Error('500')))).rejects.toThrow('500');
    expect(cache.get(key('Falla'))).toBeNull();
  });
});
