import { LiveErrorCode } from '@lt/contracts';
import { ack, ANA, error, interim, joined, quota, received, roomEvent, sentence, stored } from '../../../test/room-frames';
import { hostRoomReducer, initialHostState, type HostEvent, type HostState } from './host-room-state';

const start = (floor = 0) => initialHostState({ pending: [], floor });
const run = (state: HostState, ...events: HostEvent[]) => events.reduce(hostRoomReducer, state);
const lines = (state: HostState) => state.log.map((e) => `${e.messageId}:${e.state}:${e.seq ?? '-'}`);
const effects = (state: HostState) => state.effects.map(({ id: _id, ...effect }) => effect);
const sent = (messageId: string): HostEvent => ({ type: 'sent', frame: sentence(messageId) });

describe('host room reducer', () => {
  it('starts with the outbox sentences still pending', () => {
    const state = initialHostState({ pending: [sentence('a'), sentence('b')], floor: 0 });
    expect(lines(state)).toEqual(['a:pending:-', 'b:pending:-']);
  });

  it('takes the room from joined and clears an earlier server error', () => {
    const state = run(
      start(),
      received(error({ message: 'Room is not active' })),
      received(joined({ role: 'host', seq: 4, translationUnavailable: true, quotaExhausted: true })),
    );
    expect(state.room).toEqual({
      name: 'Keynote',
      status: 'active',
      sourceLanguage: 'es',
      translationUnavailable: true,
      quotaExhausted: true,
      fastCaptions: true,
      interimTokens: null,
      serverRecognition: null,
    });
    expect(state.serverErrorCode).toBeNull();
    expect(state.latestSeq).toBe(4);
  });

  it('learns from joined that the server recognises speech, and at which rate it wants the audio', () => {
    const state = run(start(), received(joined({ role: 'host', seq: 0, serverRecognition: { provider: 'deepgram', sampleRate: 16000 } })));
    expect(state.room.serverRecognition).toEqual({ provider: 'deepgram', sampleRate: 16000 });
    const again = run(state, received(joined({ role: 'host', seq: 0 })));
    expect(again.room.serverRecognition).toBeNull();
  });

  it("shows the venue feed's state only once the ingest has said, and follows it", () => {
    const feed = (state: 'receiving' | 'silent' | 'lost', level: number | null, silentForS: number | null) =>
      received({ type: 'feed_status', roomId: 'r', timestamp: '2025-05-01T09:30:00.000Z', state, level, silentForS });
    expect(start().feed).toBeNull();
    expect(run(start(), feed('receiving', -18.5, null)).feed).toEqual({ state: 'receiving', level: -18.5, silentForS: null });
    expect(run(start(), feed('receiving', -18.5, null), feed('silent', -80, 6)).feed).toEqual({
      state: 'silent',
      level: -80,
      silentForS: 6,
    });
    expect(run(start(), feed('receiving', -18.5, null), feed('lost', null, null)).feed?.state).toBe('lost');
  });

  it('keeps why the server stopped the venue feed', () => {
    const stopped = received({
      type: 'feed_status',
      roomId: 'r',
      timestamp: '2025-05-01T09:30:00.000Z',
      state: 'stopped',
      level: null,
      silentForS: null,
      reason: 'quota',
    });
    expect(run(start(), stopped).feed).toEqual({ state: 'stopped', level: null, silentForS: null, reason: 'quota' });
  });

  it('marks its sentences acked or failed, and an ack is final', () => {
    const state = run(
      start(),
      sent('a'),
      sent('b'),
      sent('a'),
      received(ack('a', 1)),
      received(error({ messageId: 'b', message: 'Not stored' })),
      received(error({ messageId: 'a', message: 'late' })),
    );
    expect(lines(state)).toEqual(['a:acked:1', 'b:failed:-']);
    expect(state.log[1].errorCode).toBe(LiveErrorCode.Unavailable);
  });

  it('resumes: stored lines sent again after a reconnect fill in by seq, never twice, own lines acked', () => {
    let state = run(start(), sent('own'), received(stored(3)), received(stored(1)));
    state = run(
      state,
      received(joined({ role: 'host', seq: 3 })),
      received(stored(1)),
      received(stored(2)),
      received(stored(4, { messageId: 'own' })),
    );
    expect(lines(state)).toEqual(['m-1:acked:1', 'm-2:acked:2', 'm-3:acked:3', 'own:acked:4']);
    expect(state.latestSeq).toBe(4);
  });

  it('Start Room clears the stored lines, keeps the pending ones and hides what comes in up to that seq', () => {
    let state = run(start(), received(joined({ role: 'host', seq: 2, room: { name: 'K', status: 'scheduled', sourceLanguage: null } })));
    state = run(
      state,
      received(stored(1)),
      received(stored(2)),
      sent('waiting'),
      received(roomEvent('room_start', { sourceLanguage: 'fr' })),
    );
    expect(lines(state)).toEqual(['waiting:pending:-']);
    expect(state.room).toMatchObject({ status: 'active', sourceLanguage: 'fr' });
    expect(state.floor).toBe(2);
    expect(effects(state)).toEqual([{ kind: 'floor', seq: 2 }]);
    state = run(state, received(stored(2)), received(stored(3)));
    expect(lines(state)).toEqual(['m-3:acked:3', 'waiting:pending:-']);
  });

  it('a floor kept from before a reload hides the lines up to it', () => {
    expect(lines(run(start(5), received(stored(5)), received(stored(6))))).toEqual(['m-6:acked:6']);
  });

  it("shows a guest speaker's interim line until their sentence arrives or they leave", () => {
    const guest = run(start(), received(interim('hola', ANA)));
    expect(guest.speakerInterim?.text).toBe('hola');
    expect(run(guest, received(stored(1))).speakerInterim?.text).toBe('hola');
    expect(run(guest, received(stored(1, ANA))).speakerInterim).toBeNull();
    const left = run(guest, received(roomEvent('speaker_left', ANA)));
    expect(left.speakerInterim).toBeNull();
    expect(effects(left)).toEqual([{ kind: 'speaker', frame: roomEvent('speaker_left', ANA) }]);
    expect(effects(run(start(), received(roomEvent('speaker_joined', ANA))))).toEqual([
      { kind: 'speaker', frame: roomEvent('speaker_joined', ANA) },
    ]);
  });

  it('ends: the room is ended, interim lines go and the page is told once', () => {
    const state = run(start(), received(interim('hola', ANA)), received(roomEvent('room_end')));
    expect(state.room.status).toBe('ended');
    expect(state.speakerInterim).toBeNull();
    expect(effects(state)).toEqual([{ kind: 'ended' }]);
    expect(run(state, { type: 'effects_done', upTo: state.nextEffectId - 1 }).effects).toEqual([]);
  });

  it('Start Room is under way until the room starts, and is asked again on a connection that joined before', () => {
    const scheduled = { name: 'K', status: 'scheduled' as const, sourceLanguage: null };
    const asked: HostEvent = { type: 'requested', action: { kind: 'start', sourceLanguage: 'fr' } };
    let state = run(start(), received(joined({ role: 'host', room: scheduled })), asked);
    expect(state.pending).toEqual({ kind: 'start', sourceLanguage: 'fr' });
    // The socket was replaced before the answer came: the new one asks again.
    state = run(state, received(joined({ role: 'host', room: scheduled })));
    expect(effects(state)).toEqual([{ kind: 'resend', action: { kind: 'start', sourceLanguage: 'fr' } }]);
    expect(state.pending).not.toBeNull();
    expect(run(state, received(roomEvent('room_start', { sourceLanguage: 'fr' }))).pending).toBeNull();
    // The start went through on the old socket: the join says so, nothing is sent again.
    const done = run(start(), asked, received(joined({ role: 'host', room: { ...scheduled, status: 'active' } })));
    expect(done.pending).toBeNull();
    expect(effects(done)).toEqual([]);
    // A refusal ends it, and is what the page shows.
    const refused = run(start(), asked, received(error({ message: 'Quota exceeded' })));
    expect(refused.pending).toBeNull();
    expect(refused.serverErrorCode).toBe(LiveErrorCode.Unavailable);
  });

  it('follows the quota', () => {
    const exhausted = run(start(), received(quota('quota_exhausted')));
    expect(exhausted.room.quotaExhausted).toBe(true);
    expect(run(exhausted, received(quota('quota_restored'))).room.quotaExhausted).toBe(false);
  });
});
