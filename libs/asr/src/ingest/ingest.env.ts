import { z } from 'zod';
import { flag, optionalString, port } from '@lt/platform';

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** asr-svc's variables for the venue's feed (README "Configuration"; Helm `ingest.*`). */
export const ingestEnvSchema = z.object({
  /** Whether this asr-svc listens for venue feeds. */
  INGEST_ENABLED: flag,
  /** Where the SRT and RTMP ports are bound. */
  INGEST_HOST: z.string().min(1).default('0.0.0.0'),
  /** The UDP port SRT encoders call (every room's feed; the stream id carries the room's key). */
  INGEST_SRT_PORT: port(9000),
  /** The TCP port RTMP encoders publish to (`rtmp://host:port/live/<key>`); 0: no RTMP, SRT only. */
  INGEST_RTMP_PORT: port(1935),
  /** Feeds decoded at once by this replica (one ffmpeg each); further callers are refused. */
  INGEST_MAX_STREAMS: count(10),
  FFMPEG_PATH: z.string().min(1).default('/usr/bin/ffmpeg'),
  /** Audio under this loudness (dBFS) is silence for the feed's state. */
  INGEST_SILENCE_DB: z.coerce.number().max(0).min(-90).default(-50),
  /** Silence this long turns the host page's feed state to "silent". */
  INGEST_SILENT_AFTER_S: count(5),
  /** The host name encoders reach (also read by the gateway for the addresses it shows). */
  INGEST_PUBLIC_HOST: optionalString,
});

export type IngestEnv = z.infer<typeof ingestEnvSchema>;
