import { RoomPresence } from './room-presence';

describe('RoomPresence', () => {
  it('keeps what each part says of a room until its time comes, unless said again', () => {
    const presence = new RoomPresence<string>();
    presence.say('r1', 'gw-1', 'fr', 1_000);
    presence.say('r1', 'gw-2', 'de', 5_000);
    expect(presence.values('r1', 999)).toEqual(['fr', 'de']);
    presence.say('r1', 'gw-1', 'fr', 3_000);
    expect(presence.values('r1', 2_000)).toEqual(['fr', 'de']);
    expect(presence.values('r1', 3_000)).toEqual(['de']);
    expect(presence.held('r1')).toBe(1);
  });

  it('answers the words that lapsed, drops a part that says no more, and forgets a room', () => {
    const presence = new RoomPresence<number>();
    presence.say('r1', 'a', 1, 100);
    presence.say('r2', 'b', 2, Infinity);
    presence.say('r3', 'c', 3, 100);
    expect(presence.expire(100)).toEqual([
      { roomId: 'r1', part: 'a', value: 1 },
      { roomId: 'r3', part: 'c', value: 3 },
    ]);
    expect(presence.roomIds()).toEqual(['r2']);
    presence.drop('r2', 'b');
    expect(presence.size).toBe(0);
    presence.say('r4', 'd', 4, Infinity);
    presence.forget('r4');
    expect(presence.values('r4')).toEqual([]);
  });
});
