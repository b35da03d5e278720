import { catchUpOffer, readLastSeen, seenStorageKey, writeLastSeen } from './catch-up';

describe('catch me up', () => {
  it('offers nothing before joining, in an empty room, or when nothing was missed', () => {
    expect(catchUpOffer(null, null)).toBeNull();
    expect(catchUpOffer(null, 0)).toBeNull();
    expect(catchUpOffer(12, 12)).toBeNull();
  });

  it('offers a late joiner the session before it arrived', () => {
    expect(catchUpOffer(null, 40)).toEqual({ kind: 'late', missed: 40 });
  });

  it('offers a returning viewer what was said since the last message it had seen', () => {
    expect(catchUpOffer(25, 40)).toEqual({ kind: 'back', sinceSeq: 25, missed: 15 });
  });

  it('remembers the last seq seen per room', () => {
    window.localStorage.clear();
    const room = '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11';
    expect(readLastSeen(room)).toBeNull();
    writeLastSeen(room, 0);
    expect(readLastSeen(room)).toBeNull();
    writeLastSeen(room, 7);
    expect(window.localStorage.getItem(seenStorageKey(room))).toBe('7');
    expect(readLastSeen(room)).toBe(7);
  });
});
