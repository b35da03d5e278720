import { initialStreamState, streamReducer, type StreamEvent, type StreamLimits, type StreamState, type Step } from './audio-stream-state';

const limits: StreamLimits = { maxChunks: 5, highWater: 1000 };
const pcm = () => new Int16Array(100); // 208 bytes on the wire

function run(events: StreamEvent[], from: StreamState = initialStreamState()): Step & { all: Step['commands'] } {
  let step: Step = { state: from, commands: [] };
  const all: Step['commands'] = [];
  for (const event of events) {
    step = streamReducer(step.state, event, limits);
    all.push(...step.commands);
  }
  return { ...step, all };
}

const captured = (atMs: number, buffered = 0): StreamEvent => ({ type: 'captured', pcm: pcm(), atMs, buffered });
const sentSeqs = (commands: Step['commands']) => commands.flatMap((c) => (c.kind === 'send' ? c.chunks.map((x) => x.seq) : []));

describe('the audio stream state machine', () => {
  it('starts a new stream, then sends every captured chunk in order once ready', () => {
    const { state, all } = run([{ type: 'opened' }, { type: 'ready', nextSeq: 0, buffered: 0 }, captured(0), captured(100)]);
    expect(all[0]).toEqual({ kind: 'start' });
    expect(sentSeqs(all)).toEqual([0, 1]);
    expect(state.phase).toBe('streaming');
  });

  it('holds chunks captured before the server is ready and sends them when it is', () => {
    const { all } = run([captured(0), captured(100), { type: 'opened' }, { type: 'ready', nextSeq: 0, buffered: 0 }]);
    expect(sentSeqs(all)).toEqual([0, 1]);
  });

  it('forgets acked chunks and keeps the rest', () => {
    const { state } = run([
      { type: 'opened' },
      { type: 'ready', nextSeq: 0, buffered: 0 },
      captured(0),
      captured(100),
      captured(200),
      { type: 'ack', seq: 1 },
    ]);
    expect(state.ring.map((c) => c.seq)).toEqual([2]);
  });

  it('stops handing audio to a socket whose buffer is high, and sends it once the buffer drains', () => {
    const ready = run([{ type: 'opened' }, { type: 'ready', nextSeq: 0, buffered: 0 }]).state;
    const slow = run([captured(0, 5000), captured(100, 5000)], ready);
    expect(sentSeqs(slow.all)).toEqual([]);
    const drained = run([{ type: 'drain', buffered: 0 }], slow.state);
    expect(sentSeqs(drained.all)).toEqual([0, 1]);
  });

  it('drops the oldest audio when the ring is full, counts it, and never grows past its bound', () => {
    const { state } = run(Array.from({ length: 9 }, (_, i) => captured(i * 100)));
    expect(state.ring.map((c) => c.seq)).toEqual([4, 5, 6, 7, 8]);
    expect(state.dropped).toBe(4);
  });

  it('resumes after a reconnect from where the server has it', () => {
    const streaming = run([
      { type: 'opened' },
      { type: 'ready', nextSeq: 0, buffered: 0 },
      captured(0),
      captured(100),
      captured(200),
    ]).state;
    const closed = run([{ type: 'closed' }], streaming);
    expect(closed.all).toEqual([{ kind: 'reconnect', delayMs: 500 }]);
    const back = run([captured(300), { type: 'retry' }, { type: 'opened' }, { type: 'ready', nextSeq: 2, buffered: 0 }], closed.state);
    expect(back.all[1]).toEqual({ kind: 'start', resumeFrom: 0 });
    expect(sentSeqs(back.all)).toEqual([2, 3]);
    expect(back.state.attempt).toBe(0);
  });

  it('backs off longer on each failed reconnection', () => {
    const { all } = run([{ type: 'closed' }, { type: 'retry' }, { type: 'closed' }, { type: 'retry' }, { type: 'closed' }]);
    expect(all.filter((c) => c.kind === 'reconnect')).toEqual([
      { kind: 'reconnect', delayMs: 500 },
      { kind: 'reconnect', delayMs: 1000 },
      { kind: 'reconnect', delayMs: 2000 },
    ]);
  });

  it('resends from the expected chunk after a gap', () => {
    const streaming = run([
      { type: 'opened' },
      { type: 'ready', nextSeq: 0, buffered: 0 },
      captured(0),
      captured(100),
      captured(200),
    ]).state;
    const { all } = run([{ type: 'gap', expected: 1, buffered: 0 }], streaming);
    expect(sentSeqs(all)).toEqual([1, 2]);
  });

  it('starts a new stream, renumbered from 0, when the server wants audio the page no longer holds', () => {
    const held = run(Array.from({ length: 8 }, (_, i) => captured(i * 100))).state; // 0..2 dropped
    const { state, all } = run([{ type: 'opened' }, { type: 'ready', nextSeq: 0, buffered: 0 }], held);
    expect(all).toEqual([{ kind: 'start', resumeFrom: 3 }, { kind: 'close' }, { kind: 'connect' }]);
    expect(state.generation).toBe(1);
    expect(state.ring.map((c) => [c.seq, c.atMs])).toEqual([
      [0, 0],
      [1, 100],
      [2, 200],
      [3, 300],
      [4, 400],
    ]);
    const next = run([{ type: 'opened' }, { type: 'ready', nextSeq: 0, buffered: 0 }, captured(800)], state);
    expect(next.all[0]).toEqual({ kind: 'start' });
    expect(sentSeqs(next.all)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(next.state.ring.at(-1)).toMatchObject({ seq: 5, atMs: 500 });
  });

  it('starts a new stream when unsent audio had to be dropped while connected', () => {
    const ready = run([{ type: 'opened' }, { type: 'ready', nextSeq: 0, buffered: 0 }]).state;
    const { state, all } = run(
      Array.from({ length: 6 }, (_, i) => captured(i * 100, 5000)),
      ready,
    );
    expect(state.dropped).toBe(1);
    expect(all).toEqual([{ kind: 'close' }, { kind: 'connect' }]);
    expect(state.ring[0]).toMatchObject({ seq: 0, atMs: 0 });
  });

  it('shows the provider state the server reports', () => {
    const { state } = run([{ type: 'status', state: 'provider_error', message: 'bad key' }]);
    expect(state.provider).toEqual({ state: 'provider_error', message: 'bad key' });
  });

  it('gives up on a refusal reconnecting cannot mend', () => {
    const { state, all } = run([
      { type: 'opened' },
      { type: 'error', code: 'forbidden', message: 'no' },
      { type: 'closed' },
      { type: 'retry' },
    ]);
    expect(state.phase).toBe('refused');
    expect(all.filter((c) => c.kind === 'connect' || c.kind === 'reconnect')).toEqual([]);
  });

  it('gives up when the room quota is spent: the server says so, then refuses the stream', () => {
    const { state, all } = run([
      { type: 'opened' },
      { type: 'ready', nextSeq: 0, buffered: 0 },
      { type: 'status', state: 'quota_exhausted', message: 'spent' },
      { type: 'error', code: 'recognition_quota_exhausted', message: 'spent' },
      { type: 'closed' },
      { type: 'retry' },
    ]);
    expect(state.provider).toEqual({ state: 'quota_exhausted', message: 'spent' });
    expect(state).toMatchObject({ phase: 'refused', error: { code: 'recognition_quota_exhausted' } });
    expect(all.filter((c) => c.kind === 'connect' || c.kind === 'reconnect')).toEqual([]);
  });

  it('on stop, sends what is held and unsent, then audio_stop', () => {
    const ready = run([{ type: 'opened' }, { type: 'ready', nextSeq: 0, buffered: 0 }, captured(0, 5000)]).state;
    const { all, state } = run([{ type: 'stop' }, captured(100)], ready);
    expect(sentSeqs(all)).toEqual([0]);
    expect(all[all.length - 1]).toEqual({ kind: 'stop' });
    expect(state.ring).toHaveLength(1);
  });
});
