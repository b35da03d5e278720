import { REALTIME, type SpeakerPresenceEvent } from '@lt/contracts';
import { SpeakerRoster } from './speaker-roster';

const ROOM = '0b8f6d4e-3f0c-4c4e-9f3e-2a7d1c5b9e10';
const joined: SpeakerPresenceEvent = {
  type: 'speaker_joined',
  roomId: ROOM,
  messageId: 'm1',
  timestamp: '2026-11-25T10:00:00.000Z',
  speakerId: 'sp-1',
  speakerName: 'Ana',
  ttlMs: REALTIME.presenceTtlMs,
};

describe('SpeakerRoster', () => {
  it('lets a speaker go when its gateway stops repeating it, and not while it repeats it', () => {
    const roster = new SpeakerRoster();
    expect(roster.onEvent(joined, 0)).toBe(true);
    // The heartbeat is no news for the sockets, but the TTL runs from it.
    expect(roster.onEvent({ ...joined, messageId: 'm2', heartbeat: true }, REALTIME.presenceHeartbeatMs)).toBe(false);
    expect(roster.expire(REALTIME.presenceTtlMs)).toEqual([]);
    expect(roster.expire(REALTIME.presenceHeartbeatMs + REALTIME.presenceTtlMs)).toEqual([
      { roomId: ROOM, speakerId: 'sp-1', speakerName: 'Ana' },
    ]);
    expect(roster.size).toBe(0);
  });

  it('forgets a speaker that left, and a room this gateway left', () => {
    const roster = new SpeakerRoster();
    roster.onEvent(joined, 0);
    expect(roster.onEvent({ ...joined, type: 'speaker_left', ttlMs: undefined }, 1)).toBe(true);
    expect(roster.size).toBe(0);
    roster.onEvent(joined, 0);
    roster.forget(ROOM);
    expect(roster.expire(Infinity)).toEqual([]);
  });
});
