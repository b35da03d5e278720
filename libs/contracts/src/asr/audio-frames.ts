import { z } from 'zod';
import { cleanText } from '../text';
import { hostLanguageCodeSchema } from '../languages';

/** The audio socket beside `/ws` (docs/audio.md): one stream of 16-bit mono PCM from a host's or speaker's page. */
export const AUDIO_PATH = '/ws/audio';

/** Rates a page may send: the provider's (16 kHz Deepgram, 24 kHz OpenAI realtime). */
export const AUDIO_SAMPLE_RATES = [8000, 16000, 24000, 48000] as const;

export const AUDIO_LIMITS = {
  /** A chunk holds at most 200 ms of audio. */
  chunkMaxMs: 200,
  /** Bytes before the PCM: seq (uint32 LE) and capture time in ms (uint32 LE). */
  headerBytes: 8,
  /** The server acks at least this often. */
  ackEveryMs: 500,
  /** A provider failure reaches the page within this time. */
  failureNoticeMs: 2000,
} as const;

export const audioStartFrameSchema = z.object({
  type: z.literal('audio_start'),
  roomId: z.uuid(),
  role: z.enum(['host', 'speaker', 'viewer']),
  hostKey: cleanText('hostKey').min(16).max(200).optional(),
  accessToken: cleanText('accessToken').min(1).max(4096).optional(),
  inviteToken: cleanText('inviteToken').min(16).max(200).optional(),
  streamId: z.uuid(),
  sourceLanguage: hostLanguageCodeSchema,
  sampleRate: z.union(AUDIO_SAMPLE_RATES.map((r) => z.literal(r))),
  resumeFrom: z.int().min(0).optional(),
});
export const audioStopFrameSchema = z.object({ type: z.literal('audio_stop') });
export const audioClientFrameSchema = z.discriminatedUnion('type', [audioStartFrameSchema, audioStopFrameSchema]);

export type AudioStartFrame = z.infer<typeof audioStartFrameSchema>;
export type AudioClientFrame = z.infer<typeof audioClientFrameSchema>;

/** quota_exhausted: the room's quota is spent, the stream stops (an error frame follows, and the socket closes). */
export type AudioState = 'recognising' | 'reconnecting' | 'provider_error' | 'quota_exhausted';

export type AudioServerFrame =
  | { type: 'audio_ready'; streamId: string; sampleRate: number; nextSeq: number }
  | { type: 'audio_ack'; seq: number }
  | { type: 'audio_gap'; expected: number }
  | { type: 'audio_status'; state: AudioState; message?: string }
  | { type: 'error'; code: string; message: string };

export interface AudioChunk {
  seq: number;
  atMs: number;
  /** 16-bit signed little-endian mono PCM. */
  pcm: Uint8Array;
}

/** A binary frame of the audio socket: header then PCM (null when too short or odd-sized). */
export function parseAudioChunk(data: Uint8Array): AudioChunk | null {
  if (data.length < AUDIO_LIMITS.headerBytes || (data.length - AUDIO_LIMITS.headerBytes) % 2 !== 0) return null;
  const view = new DataView(data.buffer, data.byteOffset, AUDIO_LIMITS.headerBytes);
  return { seq: view.getUint32(0, true), atMs: view.getUint32(4, true), pcm: data.subarray(AUDIO_LIMITS.headerBytes) };
}

/** The binary frame of a chunk (what a page or a test sends). */
export function encodeAudioChunk(chunk: AudioChunk): Uint8Array {
  const frame = new Uint8Array(AUDIO_LIMITS.headerBytes + chunk.pcm.length);
  const view = new DataView(frame.buffer);
  view.setUint32(0, chunk.seq >>> 0, true);
  view.setUint32(4, chunk.atMs >>> 0, true);
  frame.set(chunk.pcm, AUDIO_LIMITS.headerBytes);
  return frame;
}
