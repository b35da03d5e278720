/**
 * The audio socket beside `/ws` (docs/audio.md) as both sides speak it, without zod: the page's bundle takes it
 * (the server validates the client's frames with audio-frames.ts's schemas).
 */
/** Where a host's or speaker's page streams 16-bit mono PCM. */
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

/** quota_exhausted: the room's quota is spent, the stream stops (an error frame follows, and the socket closes). */
export type AudioState = 'recognising' | 'reconnecting' | 'provider_error' | 'quota_exhausted';
const AUDIO_STATES: ReadonlySet<unknown> = new Set<AudioState>(['recognising', 'reconnecting', 'provider_error', 'quota_exhausted']);

/** The first frame of the socket, as a page sends it (the server checks it with `audioStartFrameSchema`). */
export interface AudioStartMessage {
  type: 'audio_start';
  roomId: string;
  role: 'host' | 'speaker' | 'viewer';
  hostKey?: string;
  accessToken?: string;
  inviteToken?: string;
  /** A uuid the page makes once per capture and keeps across reconnects. */
  streamId: string;
  sourceLanguage: string;
  sampleRate: number;
  /** The first chunk seq the page still holds, after a reconnect. */
  resumeFrom?: number;
}

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

/** The most PCM bytes a chunk at `sampleRate` may hold (AUDIO_LIMITS.chunkMaxMs of audio). */
export const audioChunkMaxBytes = (sampleRate: number): number => Math.ceil((sampleRate * 2 * AUDIO_LIMITS.chunkMaxMs) / 1000) + 2;

/**
 * What travels to a stream's holder on `asr.stream.<streamId>.in` (docs/audio.md), as bytes: a chunk's binary
 * frame as the page sent it (checked by the gateway), or an empty message: the stream stops.
 */
export type AudioIn = { type: 'chunk'; chunk: AudioChunk } | { type: 'stop' };

/** The message that stops a stream on `asr.stream.<streamId>.in`. */
export const AUDIO_STOP_MESSAGE: Uint8Array = new Uint8Array(0);

/** A message of `asr.stream.<streamId>.in`, or null when it is neither a chunk of at most `sampleRate`'s size nor a stop. */
export function parseAudioIn(data: Uint8Array, sampleRate: number): AudioIn | null {
  if (data.length === 0) return { type: 'stop' };
  const chunk = parseAudioChunk(data);
  return chunk && chunk.pcm.length <= audioChunkMaxBytes(sampleRate) ? { type: 'chunk', chunk } : null;
}

/**
 * The binary frame of a chunk (what a page or a test sends): its PCM as little-endian bytes, or as samples (a
 * page's Int16Array, written little-endian whatever the machine's order); a capture time before 0 is 0.
 */
export function encodeAudioChunk(chunk: { seq: number; atMs: number; pcm: Uint8Array | Int16Array }): Uint8Array {
  const { headerBytes } = AUDIO_LIMITS;
  const frame = new Uint8Array(headerBytes + chunk.pcm.byteLength);
  const view = new DataView(frame.buffer);
  view.setUint32(0, chunk.seq >>> 0, true);
  view.setUint32(4, Math.max(0, Math.floor(chunk.atMs)) >>> 0, true);
  if (chunk.pcm instanceof Uint8Array) frame.set(chunk.pcm, headerBytes);
  else for (let i = 0; i < chunk.pcm.length; i++) view.setInt16(headerBytes + i * 2, chunk.pcm[i], true);
  return frame;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** A text frame from the server, or null for anything a page does not know (ignored, not fatal). */
export function parseAudioServerFrame(data: unknown): AudioServerFrame | null {
  if (typeof data !== 'string') return null;
  let frame: Record<string, unknown>;
  try {
    frame = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!frame || typeof frame !== 'object') return null;
  const message = typeof frame.message === 'string' ? frame.message : undefined;
  switch (frame.type) {
    case 'audio_ready':
      return isCount(frame.nextSeq)
        ? { type: 'audio_ready', streamId: String(frame.streamId), sampleRate: Number(frame.sampleRate), nextSeq: frame.nextSeq }
        : null;
    case 'audio_ack':
      return isCount(frame.seq) ? { type: 'audio_ack', seq: frame.seq } : null;
    case 'audio_gap':
      return isCount(frame.expected) ? { type: 'audio_gap', expected: frame.expected } : null;
    case 'audio_status':
      return AUDIO_STATES.has(frame.state)
        ? { type: 'audio_status', state: frame.state as AudioState, ...(message ? { message } : {}) }
        : null;
    case 'error':
      return { type: 'error', code: String(frame.code ?? 'internal_error'), message: message ?? '' };
    default:
      return null;
  }
}
