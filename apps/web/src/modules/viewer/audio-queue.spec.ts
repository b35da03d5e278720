import { AUDIO, AudioQueue, FinalAudioError, type Playback } from './audio-queue';

interface Item {
  key: string;
}

/** A player whose sounds the test starts and ends by hand. */
function harness(load: (item: Item) => Promise<string> = (item) => Promise.resolve(`src:${item.key}`)) {
  const played: string[] = [];
  const stopped: string[] = [];
  const released: string[] = [];
  const errors: [string, unknown][] = [];
  const controls = new Map<string, { start(): void; end(): void }>();
  const loads = jest.fn(load);
  const queue = new AudioQueue<Item, string>({
    load: loads,
    play: (source): Playback => {
      played.push(source);
      let start!: () => void;
      let end!: () => void;
      const started = new Promise<void>((resolve) => (start = resolve));
      const ended = new Promise<void>((resolve) => (end = resolve));
      controls.set(source, { start, end });
      return {
        started,
        ended,
        stop: () => {
          stopped.push(source);
          end();
        },
      };
    },
    release: (source) => released.push(source),
    onError: (item, error) => errors.push([item.key, error]),
  });
  /** Starts and finishes the sound being played, then lets the queue move on. */
  const finish = async (source: string) => {
    controls.get(source)?.start();
    controls.get(source)?.end();
    await jest.advanceTimersByTimeAsync(0);
  };
  return { queue, played, stopped, released, errors, loads, finish };
}

const item = (n: number): Item => ({ key: `m${n}` });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('AudioQueue', () => {
  it('plays items one after another in the order they came', async () => {
    const { queue, played, finish } = harness();
    queue.enqueue(item(1));
    queue.enqueue(item(2));
    queue.enqueue(item(1));
    await jest.advanceTimersByTimeAsync(0);
    expect(played).toEqual(['src:m1']);
    await finish('src:m1');
    expect(played).toEqual(['src:m1', 'src:m2']);
    await finish('src:m2');
    expect(queue.playing).toBeNull();
  });

  it('keeps at most 10 waiting, dropping the oldest', async () => {
    const { queue, played, finish } = harness();
    for (let n = 1; n <= 13; n++) queue.enqueue(item(n));
    await jest.advanceTimersByTimeAsync(0);
    expect(played).toEqual(['src:m1']);
    expect(queue.pending.map((i) => i.key)).toEqual(['m4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12', 'm13']);
    expect(AUDIO.queueMax).toBe(10);
    await finish('src:m1');
    expect(played.at(-1)).toBe('src:m4');
  });

  it('loads what waits 50 ms after it arrives, once, and plays it from the cache', async () => {
    const { queue, loads, finish } = harness();
    queue.enqueue(item(1));
    queue.enqueue(item(2));
    queue.enqueue(item(3));
    await jest.advanceTimersByTimeAsync(0);
    expect(loads.mock.calls.map(([i]) => i.key)).toEqual(['m1']);
    await jest.advanceTimersByTimeAsync(49);
    expect(loads).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(loads.mock.calls.map(([i]) => i.key)).toEqual(['m1', 'm2', 'm3']);
    await finish('src:m1');
    await finish('src:m2');
    expect(loads).toHaveBeenCalledTimes(3);
  });

  it('retries a failed load 3 times, 1 s, 2 s and 4 s apart, then skips the item', async () => {
    const { queue, loads, played, errors, finish } = harness((i) =>
      i.key === 'm1' ? Promise.reject(new Error('503')) : Promise.resolve(`src:${i.key}`),
    );
    queue.enqueue(item(1));
    await jest.advanceTimersByTimeAsync(0);
    expect(loads).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(loads).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(loads).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(loads).toHaveBeenCalledTimes(3);
    queue.enqueue(item(2));
    await jest.advanceTimersByTimeAsync(4_000);
    expect(loads.mock.calls.filter(([i]) => i.key === 'm1')).toHaveLength(4);
    expect(errors.map(([key]) => key)).toEqual(['m1']);
    expect(played).toEqual(['src:m2']);
    await finish('src:m2');
  });

  it('does not retry a final failure', async () => {
    const { queue, loads, errors } = harness(() => Promise.reject(new FinalAudioError('No provider', 'tts_not_configured')));
    queue.enqueue(item(1));
    await jest.advanceTimersByTimeAsync(10_000);
    expect(loads).toHaveBeenCalledTimes(1);
    expect(errors).toHaveLength(1);
    expect((errors[0][1] as FinalAudioError).code).toBe('tts_not_configured');
  });

  it('gives up on a sound that has not started within 5 s and goes on', async () => {
    const { queue, played, stopped, errors } = harness();
    queue.enqueue(item(1));
    queue.enqueue(item(2));
    await jest.advanceTimersByTimeAsync(4_999);
    expect(played).toEqual(['src:m1']);
    await jest.advanceTimersByTimeAsync(1);
    expect(stopped).toEqual(['src:m1']);
    expect(errors.map(([key]) => key)).toEqual(['m1']);
    expect(played).toEqual(['src:m1', 'src:m2']);
  });

  it('stops the current sound and drops the waiting ones', async () => {
    const { queue, played, stopped, finish } = harness();
    queue.enqueue(item(1));
    queue.enqueue(item(2));
    await jest.advanceTimersByTimeAsync(0);
    queue.stop();
    expect(stopped).toEqual(['src:m1']);
    expect(queue.pending).toEqual([]);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(played).toEqual(['src:m1']);
    queue.enqueue(item(3));
    await jest.advanceTimersByTimeAsync(0);
    expect(played).toEqual(['src:m1', 'src:m3']);
    await finish('src:m3');
  });

  it('keeps 50 sources, releasing the oldest first', async () => {
    const { queue, released, loads, finish } = harness();
    for (let n = 1; n <= 52; n++) {
      queue.enqueue(item(n));
      await jest.advanceTimersByTimeAsync(0);
      await finish(`src:m${n}`);
    }
    expect(loads).toHaveBeenCalledTimes(52);
    expect(released).toEqual(['src:m1', 'src:m2']);
    queue.dispose();
    await jest.advanceTimersByTimeAsync(0);
    expect(released).toHaveLength(52);
  });
});
