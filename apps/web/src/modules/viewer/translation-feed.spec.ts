import type { LanguageCode, TranslationFrame } from '@lt/contracts';
import { FEED_LIMIT, TranslationFeed } from './translation-feed';

function frame(seq: number, lang: LanguageCode = 'en', text = `message ${seq}`): TranslationFrame {
  return {
    type: 'translation',
    messageId: `m-${seq}`,
    seq,
    lang,
    text,
    sourceLanguage: 'es',
    timestamp: '2026-01-01T10:00:00.000Z',
    speakerId: 'host-1',
    speakerName: 'Host',
  };
}

const seqs = (feed: TranslationFeed) => feed.messages.map((m) => m.seq);

describe('TranslationFeed', () => {
  it('shows nothing without a language and ignores other languages', () => {
    const none = new TranslationFeed(null);
    expect(none.accept(frame(1))).toEqual({ added: false });
    expect(none.messages).toEqual([]);

    const feed = new TranslationFeed('fr');
    expect(feed.accept(frame(1, 'en'))).toEqual({ added: false });
    expect(feed.accept(frame(1, 'fr'))).toEqual({ added: true });
    expect(seqs(feed)).toEqual([1]);
  });

  it('starts from the first frame received, so late joiners see the recent history without a resync', () => {
    const feed = new TranslationFeed('en');
    for (const seq of [41, 42, 43]) expect(feed.accept(frame(seq))).toEqual({ added: true });
    expect(feed.lastContiguous).toBe(43);
  });

  it('never shows a message twice', () => {
    const feed = new TranslationFeed('en');
    feed.accept(frame(1));
    expect(feed.accept(frame(1, 'en', 'again'))).toEqual({ added: false });
    expect(feed.messages.map((m) => m.text)).toEqual(['message 1']);
  });

  it('asks once per gap with the last contiguous seq, then fills it in order', () => {
    const feed = new TranslationFeed('en');
    feed.accept(frame(1));
    feed.accept(frame(2));
    expect(feed.accept(frame(5))).toEqual({ added: true, resyncSince: 2 });
    expect(feed.accept(frame(6))).toEqual({ added: true });
    expect(feed.lastContiguous).toBe(2);
    expect(seqs(feed)).toEqual([1, 2, 5, 6]);

    expect(feed.accept(frame(4))).toEqual({ added: true });
    expect(feed.accept(frame(3))).toEqual({ added: true });
    expect(seqs(feed)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(feed.lastContiguous).toBe(6);

    expect(feed.accept(frame(8))).toEqual({ added: true, resyncSince: 6 });
  });

  it('asks again for a new gap that starts at a later seq', () => {
    const feed = new TranslationFeed('en');
    feed.accept(frame(1));
    expect(feed.accept(frame(3))).toEqual({ added: true, resyncSince: 1 });
    feed.accept(frame(2));
    expect(feed.accept(frame(5))).toEqual({ added: true, resyncSince: 3 });
  });

  it('starts over on a language change', () => {
    const feed = new TranslationFeed('en');
    feed.accept(frame(1));
    feed.accept(frame(2));
    feed.reset('de');
    expect(feed.messages).toEqual([]);
    expect(feed.lastContiguous).toBeUndefined();
    expect(feed.accept(frame(3, 'en'))).toEqual({ added: false });
    expect(feed.accept(frame(1, 'de'))).toEqual({ added: true });
    expect(feed.lastContiguous).toBe(1);
  });

  it('keeps only the latest messages on screen', () => {
    const feed = new TranslationFeed('en');
    for (let seq = 1; seq <= FEED_LIMIT + 10; seq++) feed.accept(frame(seq));
    expect(feed.messages).toHaveLength(FEED_LIMIT);
    expect(feed.messages[0].seq).toBe(11);
    expect(feed.lastContiguous).toBe(FEED_LIMIT + 10);
    expect(feed.accept(frame(FEED_LIMIT + 10))).toEqual({ added: false });
  });
});
