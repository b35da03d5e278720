import { PartialThrottle } from './partial-throttle';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup(finals = new Set<number>()) {
  const sent: [number, string][] = [];
  const throttle = new PartialThrottle(
    (seq, text) => {
      sent.push([seq, text]);
    },
    150,
    () => Date.now(),
  );
  const offer = (seq: number, text: string) => throttle.offer(seq, text, (s) => finals.has(s));
  return { throttle, sent, offer, finals };
}

/** A throttle whose writes end when the test says (a write to many sockets, a slice per turn). */
function slowWrites() {
  const sent: [number, string][] = [];
  const ends: (() => void)[] = [];
  const throttle = new PartialThrottle(
    (seq, text) => {
      sent.push([seq, text]);
      return new Promise<void>((end) => ends.push(end));
    },
    150,
    () => Date.now(),
  );
  return { sent, ends, throttle };
}

describe('PartialThrottle', () => {
  it('writes the first partial at once and then the latest at most every 150 ms per message', () => {
    const { sent, offer } = setup();
    offer(1, 'a');
    offer(1, 'a b');
    offer(1, 'a b c');
    expect(sent).toEqual([[1, 'a']]);
    jest.advanceTimersByTime(149);
    expect(sent).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual([
      [1, 'a'],
      [1, 'a b c'],
    ]);
    offer(1, 'a b c d');
    expect(sent).toHaveLength(2);
    jest.advanceTimersByTime(150);
    expect(sent.at(-1)).toEqual([1, 'a b c d']);
  });

  it('throttles each message on its own', () => {
    const { sent, offer } = setup();
    offer(1, 'one');
    offer(2, 'two');
    expect(sent).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
  });

  it('writes nothing of a message once its final has come, not even what waited', () => {
    const { throttle, sent, offer, finals } = setup();
    offer(3, 'x');
    offer(3, 'x y');
    throttle.finalized(3);
    jest.advanceTimersByTime(500);
    offer(3, 'x y z');
    offer(2, 'late');
    expect(sent).toEqual([[3, 'x']]);
    finals.add(5);
    offer(5, 'held final');
    expect(sent).toHaveLength(1);
  });

  it('drops a waiting partial whose final came meanwhile (held for order)', () => {
    const { sent, offer, finals } = setup();
    offer(4, 'a');
    offer(4, 'a b');
    finals.add(4);
    jest.advanceTimersByTime(200);
    expect(sent).toEqual([[4, 'a']]);
  });

  it('waits for a write under way (many sockets) before the next, then writes the latest text', async () => {
    const { sent, ends, throttle } = slowWrites();
    throttle.offer(1, 'a', () => false);
    throttle.offer(1, 'a b', () => false);
    jest.advanceTimersByTime(400);
    throttle.offer(1, 'a b c', () => false);
    expect(sent).toEqual([[1, 'a']]);
    ends[0]();
    await Promise.resolve();
    await Promise.resolve();
    expect(sent).toEqual([
      [1, 'a'],
      [1, 'a b c'],
    ]);
  });

  it('writes nothing more of a message whose final came while a write was under way', async () => {
    const { sent, ends, throttle } = slowWrites();
    throttle.offer(2, 'x', () => false);
    throttle.offer(2, 'x y', () => false);
    throttle.finalized(2);
    ends[0]();
    await Promise.resolve();
    await Promise.resolve();
    jest.advanceTimersByTime(500);
    expect(sent).toEqual([[2, 'x']]);
  });
});
