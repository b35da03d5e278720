import { LiveErrorCode } from '@lt/contracts';
import { ack, ANA, error, hostStatus, interim, joined, received, roomEvent, sentence, stored } from '../../../test/room-frames';
import { initialSpeakerState, speakerRoomReducer, type SpeakerEvent, type SpeakerState } from './speaker-room-state';

const run = (state: SpeakerState, ...events: SpeakerEvent[]) => events.reduce(speakerRoomReducer, state);
const start = () => initialSpeakerState([]);
const lines = (state: SpeakerState) => state.log.map((e) => `${e.messageId}:${e.state}:${e.seq ?? '-'}`);
const effects = (state: SpeakerState) => state.effects.map(({ id: _id, ...effect }) => effect);

describe('speaker room reducer', () => {
  it('takes the room status and host presence from joined, then follows them', () => {
    let state = run(
      start(),
      received(joined({ role: 'speaker', room: { name: 'K', status: 'scheduled', sourceLanguage: null }, hostConnected: false })),
    );
    expect(state).toMatchObject({ roomStatus: 'scheduled', hostConnected: false });
    state = run(state, received(roomEvent('room_start')), received(hostStatus(true)));
    expect(state).toMatchObject({ roomStatus: 'active', hostConnected: true });
  });

  it('keeps its own and the others’ sentences in seq order; a resume sends them again without doubles', () => {
    const state = run(
      initialSpeakerState([sentence('mine')]),
      received(stored(2)),
      received(stored(1, ANA)),
      received(ack('mine', 3)),
      received(joined({ role: 'speaker' })),
      received(stored(1, ANA)),
      received(stored(2)),
      received(stored(3, { ...ANA, messageId: 'mine' })),
    );
    expect(lines(state)).toEqual(['m-1:acked:1', 'm-2:acked:2', 'mine:acked:3']);
  });

  it('marks a refused sentence failed, and shows other errors once, until the next join', () => {
    let state = run(start(), { type: 'sent', frame: sentence('a') }, received(error({ messageId: 'a', message: 'Not stored' })));
    expect(lines(state)).toEqual(['a:failed:-']);
    state = run(state, received(error({ code: LiveErrorCode.RateLimited, message: 'Slow down' })));
    expect(state.serverErrorCode).toBe(LiveErrorCode.RateLimited);
    expect(run(state, received(joined({ role: 'speaker' }))).serverErrorCode).toBeNull();
  });

  it("shows another speaker's interim line until their sentence arrives", () => {
    const state = run(start(), received(interim('hola')));
    expect(state.otherInterim?.text).toBe('hola');
    expect(run(state, received(stored(1, ANA))).otherInterim?.text).toBe('hola');
    expect(run(state, received(stored(1))).otherInterim).toBeNull();
  });

  it('the session ends for it when the room ends or the host removes it', () => {
    const ended = run(start(), received(interim('hola')), received(roomEvent('room_end')));
    expect(ended).toMatchObject({ roomStatus: 'ended', otherInterim: null, removed: false });
    expect(effects(ended)).toEqual([{ kind: 'ended' }]);
    const removed = run(start(), received(error({ code: LiveErrorCode.SpeakerRemoved, message: 'Removed' })));
    expect(removed).toMatchObject({ removed: true, serverErrorCode: null });
    expect(effects(removed)).toEqual([{ kind: 'ended' }]);
  });
});
