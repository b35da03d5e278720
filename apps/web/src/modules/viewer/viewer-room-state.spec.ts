import type { LanguageCode } from '@lt/contracts';
import { ANA, HOST, hostStatus, interim, joined, quota, received, roomEvent, translation } from '../../../test/room-frames';
import { FEED_LIMIT } from './translation-feed';
import { initialViewerState, viewerRoomReducer, type ViewerEvent, type ViewerState } from './viewer-room-state';

const start = (lang: LanguageCode | null = 'en') => initialViewerState({ lang, room: null });
const run = (state: ViewerState, ...events: ViewerEvent[]) => events.reduce(viewerRoomReducer, state);
const seqs = (state: ViewerState) => state.feed.messages.map((m) => m.seq);
const effects = (state: ViewerState) => state.effects.map(({ id: _id, ...effect }) => effect);
const said = (state: ViewerState) => state.effects.flatMap((e) => (e.kind === 'said' ? [e.frame.seq] : []));

describe('viewer room reducer', () => {
  it('takes the room, its quota, audio and host presence from joined, and remembers the first join seq', () => {
    const state = run(
      start(),
      received(joined({ seq: 7, ttsAvailable: true, quotaExhausted: true, hostConnected: true })),
      received(joined({ seq: 9, room: { name: 'Keynote', status: 'ended', sourceLanguage: 'fr' } })),
    );
    expect(state.room).toEqual({ name: 'Keynote', status: 'ended', sourceLanguage: 'fr' });
    expect(state).toMatchObject({
      joinedSeq: 7,
      latestSeq: 9,
      historyUpTo: 9,
      ttsAvailable: false,
      quotaExhausted: false,
      hostConnected: true,
    });
  });

  it('shows each translation once, in seq order, and asks once per gap', () => {
    const state = run(
      start(),
      received(joined()),
      ...[1, 2, 2, 5, 6, 3, 4].map((seq) => received(translation(seq))),
      received(translation(1, 'fr')),
    );
    expect(seqs(state)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(state.feed.contiguous).toBe(6);
    expect(effects(state).filter((e) => e.kind === 'resync')).toEqual([{ kind: 'resync', since: 2 }]);
  });

  it('after a resume, history up to the join seq is not read aloud and does not count as activity', () => {
    const state = run(
      start(),
      received(joined({ seq: 2 })),
      received(translation(1), 10),
      received(translation(2), 20),
      received(translation(3), 30),
    );
    expect(seqs(state)).toEqual([1, 2, 3]);
    expect(said(state)).toEqual([3]);
    expect(state.lastActivityAt).toBe(30);
    expect(state.latestSeq).toBe(3);
  });

  it('replaces a revised line in place, in its language only, and ignores a line it does not hold', () => {
    const revised = (seq: number, lang: LanguageCode, text: string) =>
      received({ type: 'translation_revised', messageId: `m-${seq}`, seq, lang, text, glossaryVersion: 2 });
    const state = run(start(), received(joined()), received(translation(1)), received(translation(2)));
    const next = run(state, revised(2, 'en', 'line 2 with the glossary'), revised(1, 'fr', 'ligne 1'), revised(9, 'en', 'unknown'));
    expect(next.feed.messages.map((m) => m.text)).toEqual(['line 1 in en', 'line 2 with the glossary']);
    expect(seqs(next)).toEqual([1, 2]);
    expect(run(state, revised(7, 'en', 'nothing'))).toBe(state);
  });

  it('drops the effects the hook ran, and only those', () => {
    const state = run(start(), received(joined()), received(translation(1)), received(translation(3)));
    const ids = state.effects.map((e) => e.id);
    expect(ids).toEqual([1, 2, 3]);
    const done = run(state, { type: 'effects_done', upTo: 2 });
    expect(done.effects.map((e) => e.id)).toEqual([3]);
    expect(run(done, received(translation(4))).effects.map((e) => e.id)).toEqual([3, 4]);
  });

  it('starts over on a language change: the lines sent again are history, and interim lines go', () => {
    let state = run(start(), received(joined()), received(interim('hola')), received(translation(1)), received(translation(2)));
    state = run(state, { type: 'effects_done', upTo: 99 }, received(interim('y')), { type: 'language_changed', lang: 'de' });
    expect(state.feed).toEqual({ lang: 'de', messages: [], contiguous: undefined, requested: [] });
    expect(state.interim).toBeNull();
    state = run(
      state,
      received(translation(1, 'de')),
      received(translation(2, 'en')),
      received(translation(2, 'de')),
      received(translation(3, 'de')),
    );
    expect(seqs(state)).toEqual([1, 2, 3]);
    expect(said(state)).toEqual([3]);
    expect(run(state, { type: 'language_changed', lang: 'de' })).toBe(state);
  });

  it('keeps interim lines only with a language and drops them on a sentence, the end or a gone host', () => {
    expect(run(start(null), received(interim('hola'), 5))).toMatchObject({ interim: null, lastActivityAt: 5 });
    const speaking = run(start(), received(interim('hola'), 5));
    expect(speaking.interim?.text).toBe('hola');
    expect(run(speaking, received(translation(1))).interim).toBeNull();
    expect(run(speaking, received(roomEvent('room_end'))).interim).toBeNull();
    expect(run(speaking, received(hostStatus(true))).interim?.text).toBe('hola');
    expect(run(speaking, received(hostStatus(false)))).toMatchObject({ interim: null, hostConnected: false });
  });

  it('follows the room from scheduled to active to ended, and the host switching language', () => {
    let state = initialViewerState({ lang: 'en', room: { name: 'Keynote', status: 'scheduled', sourceLanguage: 'es' } });
    state = run(state, received(roomEvent('room_start', { sourceLanguage: 'de' })));
    expect(state.room).toEqual({ name: 'Keynote', status: 'active', sourceLanguage: 'de' });
    state = run(state, received(translation(1, 'en', { sourceLanguage: 'it' })));
    expect(state.room?.sourceLanguage).toBe('it');
    state = run(state, received(roomEvent('room_end')));
    expect(state.room?.status).toBe('ended');
    expect(run(start(), received(roomEvent('room_start'))).room).toEqual({ name: '', status: 'active', sourceLanguage: null });
  });

  it('pauses on quota exhausted and resumes on quota restored', () => {
    const exhausted = run(start(), received(joined()), received(quota('quota_exhausted')));
    expect(exhausted.quotaExhausted).toBe(true);
    expect(run(exhausted, received(quota('quota_restored'))).quotaExhausted).toBe(false);
  });

  it('tracks host presence from joined and host_status', () => {
    expect(start().hostConnected).toBeNull();
    expect(run(start(), received(joined({ hostConnected: false }))).hostConnected).toBe(false);
    expect(run(start(), received(joined({ hostConnected: false })), received(hostStatus(true))).hostConnected).toBe(true);
  });

  it('knows who speaks, in which language, and whether more than one person has spoken', () => {
    let state = run(start(), received(joined()), received(translation(1)));
    expect(state.speaker).toEqual({ key: 'host', name: 'Host', language: 'es' });
    expect(state.speakers).toEqual(['host']);
    // The host again, on a new connection: still one person.
    state = run(state, received(translation(2, 'en', { speakerId: 'host-b2' })));
    expect(state.speakers).toEqual(['host']);
    state = run(state, received(interim('bonjour', { ...ANA, sourceLanguage: 'fr' })));
    expect(state.speaker).toEqual({ key: ANA.speakerId, name: 'Ana', language: 'fr' });
    state = run(state, received(translation(3, 'en', { ...ANA, sourceLanguage: 'fr' })));
    expect(state.speakers).toEqual(['host', ANA.speakerId]);
    // A guest's language is not the host's.
    expect(state.room?.sourceLanguage).toBe('es');
  });

  it('an older line arriving late does not change who speaks now', () => {
    const state = run(
      start(),
      received(joined()),
      received(translation(1)),
      received(translation(3, 'en', ANA)),
      received(translation(2, 'en', HOST)),
    );
    expect(state.speaker?.name).toBe('Ana');
    expect(seqs(state)).toEqual([1, 2, 3]);
  });

  it('keeps the latest lines only', () => {
    const frames = Array.from({ length: FEED_LIMIT + 5 }, (_, i) => received(translation(i + 1)));
    const state = run(start(), received(joined()), ...frames);
    expect(state.feed.messages).toHaveLength(FEED_LIMIT);
    expect(state.feed.messages[0].seq).toBe(6);
    expect(run(state, received(translation(FEED_LIMIT + 5))).feed).toBe(state.feed);
  });

  it('leaves the state as it is for frames a viewer does not use', () => {
    const state = run(start(), received(joined()));
    expect(run(state, received({ type: 'pong', serverTime: 0 }))).toBe(state);
  });
});
