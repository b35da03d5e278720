import { FFMPEG } from '@lt/testing';
import type { FeedIngestOptions } from '../ingest/feed-ingest';

/** The feed ingest as its tests run it: a real ffmpeg, 16 kHz, any free SRT port, short idle and silence times. */
export const ingestTestOptions = (over: Partial<FeedIngestOptions> = {}): FeedIngestOptions => ({
  ffmpegPath: FFMPEG,
  sampleRate: 16_000,
  chunkMs: 100,
  maxIngests: 4,
  srtHost: '127.0.0.1',
  srtPort: 0,
  idleMs: 3000,
  lostAfterMs: 2000,
  silenceDb: -50,
  silentAfterMs: 1500,
  statusEveryMs: 200,
  ...over,
});
