import { parseAudioServerFrame as parseAudioFrame } from '@lt/contracts';
import { AudioSender, randomStreamId, type AudioSocketLike } from './audio-sender';

/** A test double of the `/ws/audio` socket: records what the page sends, answers as the server would. */
class FakeAudioSocket implements AudioSocketLike {
  readyState = 0;
  bufferedAmount = 0;
  binaryType = 'blob';
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly sent: (string | ArrayBufferView)[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string | ArrayBufferView) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  answer(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  texts() {
    return this.sent.filter((d): d is string => typeof d === 'string').map((d) => JSON.parse(d) as Record<string, unknown>);
  }
  chunks() {
    return this.sent
      .filter((d): d is ArrayBufferView => typeof d !== 'string')
      .map((d) => {
        const view = new DataView(d.buffer, d.byteOffset, d.byteLength);
        return { seq: view.getUint32(0, true), atMs: view.getUint32(4, true), first: view.getInt16(8, true), bytes: d.byteLength };
      });
  }
}

describe('AudioSender', () => {
  let sockets: FakeAudioSocket[];
  let ids: number;
  const make = () =>
    new AudioSender({
      roomId: 'room-1',
      sourceLanguage: 'en',
      sampleRate: 16000,
      credentials: () => ({ role: 'host', hostKey: 'key-1' }),
      onChange: () => undefined,
      url: 'ws://test/ws/audio',
      createSocket: (url) => {
        const socket = new FakeAudioSocket(url);
        sockets.push(socket);
        return socket;
      },
      newStreamId: () => `stream-${++ids}`,
    });

  beforeEach(() => {
    jest.useFakeTimers();
    sockets = [];
    ids = 0;
  });
  afterEach(() => jest.useRealTimers());

  it('opens with audio_start, then sends chunks with the 8-byte little-endian header and the PCM', () => {
    const sender = make();
    sender.start();
    sockets[0].open();
    expect(sockets[0].binaryType).toBe('arraybuffer');
    expect(sockets[0].texts()).toEqual([
      {
        type: 'audio_start',
        roomId: 'room-1',
        role: 'host',
        hostKey: 'key-1',
        streamId: 'stream-1',
        sourceLanguage: 'en',
        sampleRate: 16000,
      },
    ]);
    sockets[0].answer({ type: 'audio_ready', streamId: 'stream-1', sampleRate: 16000, nextSeq: 0 });
    sender.push(new Int16Array(1600).fill(-1234), 0);
    sender.push(new Int16Array(1600).fill(77), 100);
    expect(sockets[0].chunks()).toEqual([
      { seq: 0, atMs: 0, first: -1234, bytes: 3208 },
      { seq: 1, atMs: 100, first: 77, bytes: 3208 },
    ]);
    sender.stop();
    expect(sockets[0].texts().at(-1)).toEqual({ type: 'audio_stop' });
    expect(sockets[0].closed).toBe(true);
  });

  it('reconnects after a drop with the same stream id and resumes where the server has it', () => {
    const sender = make();
    sender.start();
    sockets[0].open();
    sockets[0].answer({ type: 'audio_ready', streamId: 'stream-1', sampleRate: 16000, nextSeq: 0 });
    sender.push(new Int16Array(10), 0);
    sender.push(new Int16Array(10), 100);
    sockets[0].answer({ type: 'audio_ack', seq: 0 });
    sockets[0].drop();
    sender.push(new Int16Array(10), 200);
    jest.advanceTimersByTime(700);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(sockets[1].texts()[0]).toMatchObject({ streamId: 'stream-1', resumeFrom: 1 });
    sockets[1].answer({ type: 'audio_ready', streamId: 'stream-1', sampleRate: 16000, nextSeq: 2 });
    expect(sockets[1].chunks().map((c) => c.seq)).toEqual([2]);
    sender.stop();
  });

  it('offers held audio again as the socket buffer drains', () => {
    const sender = make();
    sender.start();
    sockets[0].open();
    sockets[0].answer({ type: 'audio_ready', streamId: 'stream-1', sampleRate: 16000, nextSeq: 0 });
    sockets[0].bufferedAmount = 10_000_000;
    sender.push(new Int16Array(10), 0);
    expect(sockets[0].chunks()).toEqual([]);
    sockets[0].bufferedAmount = 0;
    jest.advanceTimersByTime(150);
    expect(sockets[0].chunks().map((c) => c.seq)).toEqual([0]);
    sender.stop();
  });

  it('reads the frames the server sends and ignores unknown ones', () => {
    expect(parseAudioFrame('{"type":"audio_status","state":"provider_error","message":"down"}')).toEqual({
      type: 'audio_status',
      state: 'provider_error',
      message: 'down',
    });
    expect(parseAudioFrame('{"type":"audio_gap","expected":4}')).toEqual({ type: 'audio_gap', expected: 4 });
    expect(parseAudioFrame('{"type":"audio_ack","seq":-1}')).toBeNull();
    expect(parseAudioFrame('{"type":"something_new"}')).toBeNull();
    expect(parseAudioFrame('not json')).toBeNull();
  });

  it('makes version-4 uuids for streams', () => {
    expect(randomStreamId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
