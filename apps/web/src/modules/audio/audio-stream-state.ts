import type { AudioState } from '@lt/contracts';

/**
 * The page's side of the audio socket (docs/audio.md) as a pure function: captured chunks wait in a bounded ring
 * until the server acks them; the socket is fed only while its buffer is low; a full ring drops the OLDEST audio
 * (and says so); after a reconnect the stream resumes where the server has it, or starts anew when the server
 * wants audio the page no longer holds.
 */

export interface HeldChunk {
  seq: number;
  atMs: number;
  pcm: Int16Array;
}

/** quota_exhausted: the room's quota is spent; the server refuses the stream for good right after. */
export type ProviderState = AudioState;

export type StreamPhase = 'connecting' | 'starting' | 'streaming' | 'waiting' | 'stopped' | 'refused';

export interface StreamLimits {
  /** Unacked audio the page keeps, in chunks (30 s of 100 ms chunks). */
  maxChunks: number;
  /** The socket's bufferedAmount above which nothing more is handed to it. */
  highWater: number;
}

export const DEFAULT_LIMITS: StreamLimits = { maxChunks: 300, highWater: 256 * 1024 };

export interface StreamState {
  phase: StreamPhase;
  /** Bumped when a new stream begins (the server lost the audio before the page's oldest chunk). */
  generation: number;
  ring: HeldChunk[];
  /** The seq the next captured chunk gets. */
  nextSeq: number;
  /** The next seq to hand to the socket. */
  sendFrom: number;
  /** Reconnection attempts since the stream was last ready. */
  attempt: number;
  /** Chunks dropped because the connection could not keep up. */
  dropped: number;
  provider: { state: ProviderState; message?: string } | null;
  /** The server's last error frame, when it refused the stream for good. */
  error: { code: string; message: string } | null;
  /** The capture time the current stream's ms count from (a new stream restarts at 0). */
  timeBase: number;
}

export type StreamEvent =
  | { type: 'captured'; pcm: Int16Array; atMs: number; buffered: number }
  | { type: 'drain'; buffered: number }
  | { type: 'opened' }
  | { type: 'ready'; nextSeq: number; buffered: number }
  | { type: 'ack'; seq: number }
  | { type: 'gap'; expected: number; buffered: number }
  | { type: 'status'; state: ProviderState; message?: string }
  | { type: 'error'; code: string; message: string }
  | { type: 'closed' }
  | { type: 'retry' }
  | { type: 'stop' };

export type StreamCommand =
  | { kind: 'connect' }
  | { kind: 'start'; resumeFrom?: number }
  | { kind: 'send'; chunks: HeldChunk[] }
  | { kind: 'reconnect'; delayMs: number }
  | { kind: 'close' }
  | { kind: 'stop' };

export interface Step {
  state: StreamState;
  commands: StreamCommand[];
}

/** Codes after which reconnecting cannot help. */
export const RECOGNITION_QUOTA_EXHAUSTED = 'recognition_quota_exhausted';
const FINAL_ERRORS = new Set([
  'forbidden',
  'unauthorized',
  'invalid_key',
  'invalid_host_key',
  'invalid_invite',
  'room_not_found',
  'invalid_message',
  RECOGNITION_QUOTA_EXHAUSTED,
]);

export function backoffMs(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 10_000);
}

export function initialStreamState(): StreamState {
  return {
    phase: 'connecting',
    generation: 0,
    ring: [],
    nextSeq: 0,
    sendFrom: 0,
    attempt: 0,
    dropped: 0,
    provider: null,
    error: null,
    timeBase: 0,
  };
}

/** Chunks from sendFrom the socket can take now, staying under the high-water mark. */
function sendable(state: StreamState, buffered: number, limits: StreamLimits): Step {
  if (state.phase !== 'streaming') return { state, commands: [] };
  const chunks: HeldChunk[] = [];
  let queued = buffered;
  for (const chunk of state.ring) {
    if (chunk.seq < state.sendFrom) continue;
    if (queued >= limits.highWater) break;
    chunks.push(chunk);
    queued += chunk.pcm.byteLength + 8;
  }
  if (chunks.length === 0) return { state, commands: [] };
  return { state: { ...state, sendFrom: chunks[chunks.length - 1].seq + 1 }, commands: [{ kind: 'send', chunks }] };
}

/** A new stream of what the page still holds: seq from 0, capture time from its oldest chunk. */
function restart(state: StreamState): StreamState {
  const base = state.ring[0]?.atMs ?? 0;
  const ring = state.ring.map((chunk, i) => ({ seq: i, atMs: chunk.atMs - base, pcm: chunk.pcm }));
  return { ...state, generation: state.generation + 1, ring, nextSeq: ring.length, sendFrom: 0, timeBase: state.timeBase + base };
}

/** The server wants `want` next: drop what it has; a want older than what the page holds means a new stream. */
function resumeAt(state: StreamState, want: number, buffered: number, limits: StreamLimits): Step {
  const oldest = state.ring[0]?.seq ?? state.nextSeq;
  if (want < oldest || want > state.nextSeq) {
    return { state: { ...restart(state), phase: 'connecting' }, commands: [{ kind: 'close' }, { kind: 'connect' }] };
  }
  const ring = state.ring.filter((chunk) => chunk.seq >= want);
  return sendable({ ...state, phase: 'streaming', ring, sendFrom: want, attempt: 0 }, buffered, limits);
}

function captured(state: StreamState, event: Extract<StreamEvent, { type: 'captured' }>, limits: StreamLimits): Step {
  const chunk: HeldChunk = { seq: state.nextSeq, atMs: Math.max(0, event.atMs - state.timeBase), pcm: event.pcm };
  let ring = [...state.ring, chunk];
  let dropped = state.dropped;
  let sendFrom = state.sendFrom;
  while (ring.length > limits.maxChunks) {
    ring = ring.slice(1);
    dropped += 1;
  }
  const next: StreamState = { ...state, ring, dropped, nextSeq: state.nextSeq + 1 };
  // An unsent chunk dropped: the server would see a gap, so what is left goes out as a new stream.
  if (ring[0] && ring[0].seq > sendFrom && state.phase === 'streaming') {
    sendFrom = ring[0].seq;
    return { state: { ...restart({ ...next, sendFrom }), phase: 'connecting' }, commands: [{ kind: 'close' }, { kind: 'connect' }] };
  }
  return sendable(next, event.buffered, limits);
}

export function streamReducer(state: StreamState, event: StreamEvent, limits: StreamLimits = DEFAULT_LIMITS): Step {
  if (state.phase === 'stopped' || state.phase === 'refused') return { state, commands: [] };
  switch (event.type) {
    case 'captured':
      return captured(state, event, limits);
    case 'drain':
      return sendable(state, event.buffered, limits);
    case 'opened': {
      // After a reconnect (or of a stream whose start was dropped), the first seq the page still holds.
      const resumeFrom = state.ring[0]?.seq ?? state.nextSeq;
      const resuming = state.attempt > 0 || resumeFrom > 0;
      return { state: { ...state, phase: 'starting' }, commands: [{ kind: 'start', ...(resuming ? { resumeFrom } : {}) }] };
    }
    case 'ready':
      return resumeAt(state, event.nextSeq, event.buffered, limits);
    case 'gap':
      return resumeAt({ ...state, phase: 'streaming' }, event.expected, event.buffered, limits);
    case 'ack':
      return { state: { ...state, ring: state.ring.filter((chunk) => chunk.seq > event.seq) }, commands: [] };
    case 'status':
      return { state: { ...state, provider: { state: event.state, ...(event.message ? { message: event.message } : {}) } }, commands: [] };
    case 'error':
      if (FINAL_ERRORS.has(event.code)) {
        return {
          state: { ...state, phase: 'refused', error: { code: event.code, message: event.message } },
          commands: [{ kind: 'close' }],
        };
      }
      return { state: { ...state, error: { code: event.code, message: event.message } }, commands: [] };
    case 'closed':
      // Only the current socket's close arrives here: one the page closed itself says nothing more.
      return {
        state: { ...state, phase: 'waiting', attempt: state.attempt + 1, sendFrom: state.ring[0]?.seq ?? state.nextSeq },
        commands: [{ kind: 'reconnect', delayMs: backoffMs(state.attempt) }],
      };
    case 'retry':
      return state.phase === 'waiting'
        ? { state: { ...state, phase: 'connecting' }, commands: [{ kind: 'connect' }] }
        : { state, commands: [] };
    case 'stop': {
      // What is held and unsent still goes, so the provider hears the speaker's last words.
      const rest = state.phase === 'streaming' ? state.ring.filter((chunk) => chunk.seq >= state.sendFrom) : [];
      const send: StreamCommand[] = rest.length ? [{ kind: 'send', chunks: rest }] : [];
      return { state: { ...state, phase: 'stopped' }, commands: [...send, { kind: 'stop' }] };
    }
  }
}
