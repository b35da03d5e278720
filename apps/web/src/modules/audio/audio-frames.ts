import type { HeldChunk, ProviderState } from './audio-stream-state';

/** The frames of the audio socket (docs/audio.md), as the page sends and reads them. */
export interface AudioStartFrame {
  type: 'audio_start';
  roomId: string;
  role: 'host' | 'speaker';
  hostKey?: string;
  accessToken?: string;
  inviteToken?: string;
  streamId: string;
  sourceLanguage: string;
  sampleRate: number;
  resumeFrom?: number;
}

export type AudioServerFrame =
  | { type: 'audio_ready'; streamId: string; sampleRate: number; nextSeq: number }
  | { type: 'audio_ack'; seq: number }
  | { type: 'audio_gap'; expected: number }
  | { type: 'audio_status'; state: ProviderState; message?: string }
  | { type: 'error'; code: string; message: string };

export const AUDIO_HEADER_BYTES = 8;

/** One binary frame: seq (uint32 LE), capture ms (uint32 LE), then 16-bit signed LE mono PCM. */
export function encodeChunk(chunk: HeldChunk): ArrayBuffer {
  const buffer = new ArrayBuffer(AUDIO_HEADER_BYTES + chunk.pcm.length * 2);
  const view = new DataView(buffer);
  view.setUint32(0, chunk.seq >>> 0, true);
  view.setUint32(4, Math.max(0, Math.floor(chunk.atMs)) >>> 0, true);
  for (let i = 0; i < chunk.pcm.length; i++) view.setInt16(AUDIO_HEADER_BYTES + i * 2, chunk.pcm[i], true);
  return buffer;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const PROVIDER_STATES = new Set<unknown>(['recognising', 'reconnecting', 'provider_error', 'quota_exhausted']);

/** A text frame from the server, or null for anything the page does not know (ignored, not fatal). */
export function parseAudioFrame(data: unknown): AudioServerFrame | null {
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
      return PROVIDER_STATES.has(frame.state)
        ? { type: 'audio_status', state: frame.state as ProviderState, ...(message ? { message } : {}) }
        : null;
    case 'error':
      return { type: 'error', code: String(frame.code ?? 'internal_error'), message: message ?? '' };
    default:
      return null;
  }
}
