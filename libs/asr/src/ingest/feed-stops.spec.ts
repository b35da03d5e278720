import type { ChildProcess } from 'node:child_process';
import { LiveErrorCode } from '@lt/contracts';
import { DomainException } from '@lt/platform';
import { eventually, exited, publishRtmp, publishSrt, RecordingSink, speechWav } from '@lt/testing';
import { ingestTestOptions } from '../test/ingest-options';
import type { FeedStatus } from './feed-meter';
import { FeedIngest, type IngestRoom } from './feed-ingest';

/** A feed whose recognition stops by itself (quota, idle): disconnected, the reason published, taken again after. */

const KEY = 's'.repeat(10) + 'A1b2C3d4E5f6G7h8';
const ROOM: IngestRoom = { roomId: '5b8e3c1f-2a4d-4e6f-9a0b-7c1d2e3f4a5b', sourceLanguage: 'en' };

describe.each(['srt', 'rtmp'] as const)('a venue feed stopped by the recognition (%s)', (protocol) => {
  jest.setTimeout(60_000);
  let wav: string;
  let ingest: FeedIngest | undefined;
  const statuses: FeedStatus[] = [];

  beforeAll(() => {
    wav = speechWav('Good morning everyone. Welcome to the conference.');
  });

  afterEach(async () => {
    statuses.length = 0;
    await ingest?.close();
    ingest = undefined;
  });

  async function start(sink: RecordingSink): Promise<(extra?: string[]) => ChildProcess> {
    ingest = new FeedIngest(
      ingestTestOptions({ rtmpPort: null }),
      { resolve: async (key) => (key === KEY ? ROOM : null) },
      sink,
      (_, status) => statuses.push(status),
    );
    const { srtPort, rtmpPort } = await ingest.listen();
    return (extra = []) => (protocol === 'srt' ? publishSrt(wav, srtPort, KEY, extra) : publishRtmp(wav, rtmpPort ?? 0, KEY, extra));
  }

  const current = () => {
    if (!ingest) throw new Error('no ingest started');
    return ingest;
  };

  it.each(['quota', 'idle'] as const)('stopped for %s: the publisher is disconnected and the host is told why', async (reason) => {
    const sink = new RecordingSink();
    const publish = await start(sink);
    const publisher = publish(['-stream_loop', '-1']);
    await eventually(() => sink.chunks.length >= 5);
    const [streamId] = [...sink.stopBySink.keys()];

    sink.stopBySink.get(streamId)?.(reason);
    await eventually(() => current().decoders === 0, 2000);
    const after = sink.chunks.length;
    expect(current().status(ROOM.roomId)).toEqual({ state: 'stopped', level: null, silentForS: null, reason });
    expect(statuses.at(-1)).toEqual({ state: 'stopped', level: null, silentForS: null, reason });
    // The recognition stopped the stream itself: the ingest does not stop it again, nor push more to it.
    expect(sink.stopped).toEqual([]);
    publisher.kill('SIGKILL');
    expect(sink.chunks.length).toBe(after);
  });

  it('the encoder disconnected for the quota is refused while it is spent, and taken again once it is raised', async () => {
    const sink = new RecordingSink();
    const publish = await start(sink);
    const publisher = publish(['-stream_loop', '-1']);
    await eventually(() => sink.chunks.length >= 5);
    sink.stopBySink.get(sink.opened[0].streamId)?.('quota');
    // The encoder sees the disconnect: RTMP's at once (TCP), SRT's when its peer times out.
    expect(await exited(publisher)).not.toBe(0);

    sink.refusal = new DomainException(LiveErrorCode.RecognitionQuotaExhausted, 'spent');
    expect(await exited(publish())).not.toBe(0);
    expect(sink.opened).toHaveLength(1);
    expect(current().status(ROOM.roomId)).toMatchObject({ state: 'stopped', reason: 'quota' });

    sink.refusal = null;
    const again = publish(['-stream_loop', '-1']);
    await eventually(() => sink.opened.length === 2);
    await eventually(() => sink.chunks.some((c) => c.streamId === sink.opened[1].streamId));
    await eventually(() => current().status(ROOM.roomId).state === 'receiving');
    again.kill('SIGKILL');
  });
});
