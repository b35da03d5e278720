import { ROOMS_SUBJECTS } from '@lt/contracts';
import { createInProcessBus } from '@lt/platform';
import { MeteredRooms } from './metered-rooms';

const END_TTL_MS = 30;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** rooms-svc answering `rooms.room.get` with the room as it is now, counting the questions; `hold` delays the answers. */
function setup() {
  const { bus, broker } = createInProcessBus();
  const room = {
    owner_id: 'owner-1',
    status: 'active',
    ended_at: null as string | null,
    updated_at: '2026-11-29T10:00:00.000Z',
    ended_allowance: 500,
  };
  let asked = 0;
  let hold: Promise<void> = Promise.resolve();
  broker.subscribe(ROOMS_SUBJECTS.getRoom.subject, 'rooms', (d) => {
    asked += 1;
    const answer = { room: { ...room } };
    void hold.then(() => d.reply?.({ response: answer, isDisposed: true }));
  });
  const rooms = new MeteredRooms(bus, 100, END_TTL_MS);
  return {
    rooms,
    room,
    asked: () => asked,
    holdAnswers: () => {
      let release!: () => void;
      hold = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
  };
}

describe('MeteredRooms', () => {
  const roomId = crypto.randomUUID();

  it('asks rooms-svc once about a room that has not ended, past the end TTL: its status event says when it ends', async () => {
    const { rooms, asked } = setup();
    expect(await rooms.ended(roomId)).toBeNull();
    await pause(END_TTL_MS * 3);
    expect(await rooms.ended(roomId)).toBeNull();
    expect(await rooms.ownerOf(roomId)).toBe('owner-1');
    expect(asked()).toBe(1);
  });

  it('asks again at once after the room started or ended (forgetEnd), and sees its end', async () => {
    const { rooms, room, asked } = setup();
    expect(await rooms.ended(roomId)).toBeNull();
    Object.assign(room, { status: 'ended', ended_at: '2026-11-29T11:00:00.000Z' });
    rooms.forgetEnd(roomId);
    expect(await rooms.ended(roomId)).toEqual({ at: '2026-11-29T11:00:00.000Z', allowance: 500 });
    expect(asked()).toBe(2);
  });

  it("asks again about an ended room after the end TTL, so that an owner's edit of its allowance counts", async () => {
    const { rooms, room, asked } = setup();
    Object.assign(room, { status: 'ended', ended_at: '2026-11-29T11:00:00.000Z' });
    expect((await rooms.ended(roomId))?.allowance).toBe(500);
    room.ended_allowance = 9_000;
    expect((await rooms.ended(roomId))?.allowance).toBe(500);
    await pause(END_TTL_MS * 3);
    expect((await rooms.ended(roomId))?.allowance).toBe(9_000);
    expect(asked()).toBe(2);
  });

  it('keeps an answer asked for before a status event only for the end TTL: the event may be newer', async () => {
    const { rooms, asked, holdAnswers } = setup();
    const release = holdAnswers();
    const first = rooms.ended(roomId);
    await pause(5);
    rooms.forgetEnd(crypto.randomUUID());
    release();
    expect(await first).toBeNull();
    await pause(END_TTL_MS * 3);
    expect(await rooms.ended(roomId)).toBeNull();
    expect(asked()).toBe(2);
  });
});
