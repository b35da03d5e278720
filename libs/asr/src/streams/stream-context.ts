import type { AudioStream } from '@lt/contracts';
import type { Recognizer, RecognizerSession } from '../providers/recognizer';
import type { SessionClock } from './session-clock';

/** Why a stream stops by itself. */
export type StopReason = 'quota' | 'idle';

/** A recognised sentence, timed on the room's clock. */
export interface Sentence {
  messageId: string;
  text: string;
  atMs: number;
  confidence: number;
}

/** What a stream needs from its surroundings: the provider, where sentences go, the lease, the meter. */
export interface StreamContext {
  recognizer: Recognizer;
  /**
   * `idleMs`: a stream without audio this long stops. `storeRetryMs`: the first wait before a sentence's store is
   * tried again (doubled each time, to 5 s).
   */
  settings: { sessionMaxMs: number; replayMaxMs: number; idleMs: number; storeRetryMs?: number };
  vocabulary(roomId: string): Promise<string[]>;
  /** Stores a final as a browser's transcript is stored (idempotent by messageId); rejects on failure. */
  store(stream: AudioStream, sentence: Sentence): Promise<void>;
  /**
   * Keeps a sentence this process, shutting down, could not store (`why`; `segment`: its index in the stream):
   * true once kept, false when it could not be kept either (it is lost, and said so).
   */
  keep(stream: AudioStream, segment: number, sentence: Sentence, why: Error): Promise<boolean>;
  /** Stores the sentences kept for this stream, in order, before any new one (a replica taking it over). */
  storeKept(stream: AudioStream, state: { dropped(): boolean }): Promise<void>;
  interim(stream: AudioStream, line: { messageId: string; text: string; atMs: number }): void;
  commit(streamId: string, committedSeq: number, segment: number): Promise<void>;
  meter(roomId: string, seconds: number): void;
  /** Whether the room may still spend (its owner's quota, or an anonymous room's budget). */
  allowed(roomId: string): Promise<boolean>;
  /** The stream is to stop: its room's quota is spent, or it got no audio for `settings.idleMs`. */
  finish(streamId: string, reason: StopReason): void;
  /** The process shuts down: a sentence that still cannot be stored is given up after a few attempts. */
  closing(): boolean;
}

export interface Chunk {
  seq: number;
  atMs: number;
  ms: number;
  pcm: Buffer;
}

export interface Session {
  id: number;
  rec: RecognizerSession;
  clock: SessionClock;
  /** The next chunk seq this session is to be sent. */
  sendFrom: number;
  openedAt: number;
}

/** The id of a recognised sentence: the same for the same speech however often it is recognised again. */
export const sentenceId = (streamId: string, segment: number) => `${streamId}-${segment}`;
