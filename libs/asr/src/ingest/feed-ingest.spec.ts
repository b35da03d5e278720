import type { FeedStatus } from './feed-meter';
import { FeedIngest, keyFromStreamId, type FeedIngestOptions, type IngestRoom } from './feed-ingest';
import { bestCorrelation, envelope, eventually, exited, publishSrt, RecordingSink, speechWav, wavPcm } from '@lt/testing';
import { ingestTestOptions } from '../test/ingest-options';

/** The ingest with a real ffmpeg on both ends: an encoder publishing over SRT, and the decoder the ingest starts. */

const RATE = 16_000;
const KEY = 'k'.repeat(10) + 'A1b2C3d4E5f6G7h8';
const ROOM: IngestRoom = { roomId: '8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11', sourceLanguage: 'en' };

describe('FeedIngest', () => {
  jest.setTimeout(60_000);
  let wav: string;
  let ingest: FeedIngest | undefined;
  const statuses: { roomId: string; status: FeedStatus }[] = [];
  const keys = { resolve: jest.fn(async (key: string) => (key === KEY ? ROOM : null)) };

  beforeAll(() => {
    wav = speechWav('Good morning everyone. Welcome to the conference. Today we talk about live translation.');
  });

  beforeEach(() => {
    statuses.length = 0;
    keys.resolve.mockClear();
  });

  afterEach(async () => {
    await ingest?.close();
    ingest = undefined;
  });

  /** The ingest the test started. */
  const current = (): FeedIngest => {
    if (!ingest) throw new Error('no ingest started');
    return ingest;
  };

  const startIngest = async (sink: RecordingSink, over: Partial<FeedIngestOptions> = {}) => {
    ingest = new FeedIngest(ingestTestOptions(over), keys, sink, (roomId, status) => statuses.push({ roomId, status }));
    return (await ingest.listen()).srtPort;
  };

  it('reads the key from a plain stream id or the SRT access-control form', () => {
    expect(keyFromStreamId(KEY)).toBe(KEY);
    expect(keyFromStreamId(`#!::r=${KEY},m=publish`)).toBe(KEY);
    expect(keyFromStreamId('short')).toBeNull();
    expect(keyFromStreamId(undefined)).toBeNull();
  });

  it("decodes the publisher's audio into 100 ms chunks that follow the WAV's energy, and ends the stream when it leaves", async () => {
    const sink = new RecordingSink(7);
    const port = await startIngest(sink);
    const publisher = publishSrt(wav, port, KEY);
    expect(await exited(publisher)).toBe(0);
    const [streamId] = await eventually(() => sink.stopped.length > 0 && sink.stopped);

    expect(sink.opened).toEqual([
      expect.objectContaining({ streamId, roomId: ROOM.roomId, source: 'feed', sourceLanguage: 'en', sampleRate: RATE }),
    ]);
    const chunks = sink.chunks;
    expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => 7 + i));
    expect(chunks.slice(0, -1).every((c) => c.pcm.length === 3200)).toBe(true);
    expect(chunks[5].atMs - chunks[4].atMs).toBe(100);

    const sent = envelope(wavPcm(wav, RATE), RATE, 50);
    const received = envelope(sink.pcm(streamId), RATE, 50);
    expect(received.length).toBeGreaterThan(sent.length * 0.9);
    expect(bestCorrelation(sent, received, 20).r).toBeGreaterThan(0.9);
    expect(statuses.map((s) => s.status.state)).toContain('receiving');
    expect(statuses.at(-1)?.status.state).toBe('lost');
  });

  it('gives a wrong key nothing: no stream opened, no decoder left running', async () => {
    const sink = new RecordingSink();
    const port = await startIngest(sink);
    const publisher = publishSrt(wav, port, 'wrong-key-0123456789abcdef');
    expect(await exited(publisher)).not.toBe(0);
    expect(keys.resolve).toHaveBeenCalledWith('wrong-key-0123456789abcdef');
    expect(sink.opened).toEqual([]);
    expect(sink.chunks).toEqual([]);
    await eventually(() => current().decoders === 0);
  });

  it('cuts the publisher at once when the key is rotated', async () => {
    const sink = new RecordingSink();
    const port = await startIngest(sink);
    const publisher = publishSrt(wav, port, KEY, ['-stream_loop', '-1']);
    await eventually(() => sink.chunks.length >= 10);
    const cutAt = Date.now();
    current().cut(ROOM.roomId);
    await eventually(() => sink.stopped.length === 1);
    const after = sink.chunks.length;
    expect(Date.now() - cutAt).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.chunks.length).toBe(after);
    expect(current().status(ROOM.roomId).state).toBe('lost');
    publisher.kill('SIGKILL');
  });

  it('takes the next publisher after one leaves, each its own stream', async () => {
    const sink = new RecordingSink();
    const port = await startIngest(sink);
    const short = speechWav('One two three.');
    expect(await exited(publishSrt(short, port, KEY))).toBe(0);
    await eventually(() => sink.stopped.length === 1);
    expect(await exited(publishSrt(short, port, KEY))).toBe(0);
    await eventually(() => sink.stopped.length === 2);
    expect(new Set(sink.opened.map((o) => o.streamId)).size).toBe(2);
  });

  it('runs at most maxIngests decoders: another caller gets nothing', async () => {
    const sink = new RecordingSink();
    const port = await startIngest(sink, { maxIngests: 1 });
    const first = publishSrt(wav, port, KEY, ['-stream_loop', '-1']);
    await eventually(() => sink.chunks.length > 0);
    const second = publishSrt(wav, port, KEY);
    expect(await exited(second)).not.toBe(0);
    expect(sink.opened).toHaveLength(1);
    first.kill('SIGKILL');
  });
});
