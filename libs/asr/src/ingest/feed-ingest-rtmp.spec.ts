import { bestCorrelation, envelope, eventually, exited, publishRtmp, publishSrt, RecordingSink, speechWav, wavPcm } from '@lt/testing';
import { connect } from 'node:net';
import type { FeedStatus } from './feed-meter';
import { ingestTestOptions } from '../test/ingest-options';
import { FeedIngest, type FeedIngestOptions, type IngestRoom } from './feed-ingest';

/** The ingest's RTMP front with a real ffmpeg on both ends: an encoder publishing FLV, and the decoder it starts. */

const RATE = 16_000;
const KEY = 'r'.repeat(10) + 'A1b2C3d4E5f6G7h8';
const ROOM: IngestRoom = { roomId: '0c1d7a52-4d0b-4b53-8f0a-2e6b9f3c1a77', sourceLanguage: 'en' };

describe('FeedIngest over RTMP', () => {
  jest.setTimeout(60_000);
  let wav: string;
  let ingest: FeedIngest | undefined;
  let srtPort = 0;
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

  const current = (): FeedIngest => {
    if (!ingest) throw new Error('no ingest started');
    return ingest;
  };

  const startIngest = async (sink: RecordingSink, over: Partial<FeedIngestOptions> = {}) => {
    ingest = new FeedIngest(ingestTestOptions({ rtmpPort: null, ...over }), keys, sink, (roomId, status) =>
      statuses.push({ roomId, status }),
    );
    const ports = await ingest.listen();
    if (!ports.rtmpPort) throw new Error('no RTMP port');
    srtPort = ports.srtPort;
    return ports.rtmpPort;
  };

  it("decodes the publisher's audio into chunks that follow the WAV's energy, and ends the stream when it leaves", async () => {
    const sink = new RecordingSink(3);
    const port = await startIngest(sink);
    expect(await exited(publishRtmp(wav, port, KEY))).toBe(0);
    const [streamId] = await eventually(() => sink.stopped.length > 0 && sink.stopped);

    expect(keys.resolve).toHaveBeenCalledWith(KEY);
    expect(sink.opened).toEqual([expect.objectContaining({ streamId, roomId: ROOM.roomId, source: 'feed', sampleRate: RATE })]);
    expect(sink.chunks.map((c) => c.seq)).toEqual(sink.chunks.map((_, i) => 3 + i));
    const sent = envelope(wavPcm(wav, RATE), RATE, 50);
    const received = envelope(sink.pcm(streamId), RATE, 50);
    expect(received.length).toBeGreaterThan(sent.length * 0.9);
    expect(bestCorrelation(sent, received, 20).r).toBeGreaterThan(0.9);
    expect(statuses.map((s) => s.status.state)).toContain('receiving');
    expect(statuses.at(-1)?.status.state).toBe('lost');
    await eventually(() => current().decoders === 0);
  });

  it('refuses a wrong key before any audio: the publisher is disconnected, nothing opened, no decoder left', async () => {
    const sink = new RecordingSink();
    const port = await startIngest(sink);
    expect(await exited(publishRtmp(wav, port, 'wrong-key-0123456789abcdef'))).not.toBe(0);
    expect(keys.resolve).toHaveBeenCalledWith('wrong-key-0123456789abcdef');
    expect(sink.opened).toEqual([]);
    expect(sink.chunks).toEqual([]);
    await eventually(() => current().decoders === 0);
  });

  it('starts no decoder for a connection that is not RTMP, and closes it', async () => {
    const port = await startIngest(new RecordingSink());
    const started = jest.spyOn(current() as unknown as { start: () => unknown }, 'start');
    const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(started).not.toHaveBeenCalled();
    expect(current().decoders).toBe(0);
  });

  it('cuts the publisher at once when the key is rotated', async () => {
    const sink = new RecordingSink();
    const port = await startIngest(sink);
    const publisher = publishRtmp(wav, port, KEY, ['-stream_loop', '-1']);
    await eventually(() => sink.chunks.length >= 10);
    current().cut(ROOM.roomId);
    await eventually(() => sink.stopped.length === 1, 1000);
    expect(await exited(publisher)).not.toBe(0);
    expect(current().status(ROOM.roomId).state).toBe('lost');
  });

  it('keeps one publisher per room, SRT or RTMP: the newest, and the one before is disconnected', async () => {
    const sink = new RecordingSink();
    const port = await startIngest(sink);
    const first = publishRtmp(wav, port, KEY, ['-stream_loop', '-1']);
    await eventually(() => sink.chunks.length >= 5);
    const second = publishSrt(wav, srtPort, KEY, ['-stream_loop', '-1']);
    expect(await exited(first)).not.toBe(0);
    await eventually(() => sink.opened.length === 2 && sink.stopped.includes(sink.opened[0].streamId));
    const taking = sink.opened[1].streamId;
    await eventually(() => sink.chunks.filter((c) => c.streamId === taking).length >= 5);
    expect(current().decoders).toBe(1);
    second.kill('SIGKILL');
  });
});
