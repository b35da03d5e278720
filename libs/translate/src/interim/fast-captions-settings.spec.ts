import { ROOMS_SUBJECTS } from '@lt/contracts';
import { createInProcessBus } from '@lt/platform';
import { FastCaptionsSettings } from './fast-captions-settings';

/** rooms-svc answering `rooms.room.get` with the room as it is now, counting the questions; `hold` delays the answers. */
function setup() {
  const { bus, broker } = createInProcessBus();
  const room = { status: 'active', fast_captions: true };
  let asked = 0;
  let hold: Promise<void> = Promise.resolve();
  broker.subscribe(ROOMS_SUBJECTS.getRoom.subject, 'rooms', (d) => {
    asked += 1;
    const answer = { room: { ...room }, lastSeq: 0 };
    void hold.then(() => d.reply?.({ response: answer, isDisposed: true }));
  });
  let release!: () => void;
  const holdAnswers = () => (hold = new Promise<void>((resolve) => (release = resolve)));
  return { settings: new FastCaptionsSettings(bus), room, asked: () => asked, holdAnswers, release: () => release() };
}

describe('FastCaptionsSettings', () => {
  const roomId = crypto.randomUUID();
  let now = Date.now();
  beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => now));
  afterEach(() => jest.restoreAllMocks());

  it('asks rooms-svc about a live room once a minute, not at every interim line: its end comes as an event', async () => {
    const { settings, asked } = setup();
    expect(await settings.enabled(roomId)).toBe(true);
    now += 30_000;
    expect(await settings.enabled(roomId)).toBe(true);
    expect(asked()).toBe(1);
    now += 31_000;
    expect(await settings.enabled(roomId)).toBe(true);
    expect(asked()).toBe(2);
  });

  it('stops at once when the room ends (forget on its status event)', async () => {
    const { settings, room, asked } = setup();
    expect(await settings.enabled(roomId)).toBe(true);
    room.status = 'ended';
    settings.forget([roomId]);
    expect(await settings.enabled(roomId)).toBe(false);
    expect(asked()).toBe(2);
  });

  it('trusts an answer asked for before a status event for 5 s only: the event may be newer', async () => {
    const { settings, asked, holdAnswers, release } = setup();
    holdAnswers();
    const first = settings.enabled(roomId);
    await new Promise((resolve) => setImmediate(resolve));
    settings.forget([crypto.randomUUID()]);
    release();
    expect(await first).toBe(true);
    now += 6_000;
    expect(await settings.enabled(roomId)).toBe(true);
    expect(asked()).toBe(2);
  });
});
