import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import {
  GLOSSARY_SUBJECTS,
  LIMITS,
  LIVE_SUBJECTS,
  LiveErrorCode,
  ROOMS_SUBJECTS,
  type AppendTranscriptRequest,
  type AudioOut,
  type AudioStream,
  type Vocabulary,
} from '@lt/contracts';
import { Bus, DomainException, ExpiringMap } from '@lt/platform';
import { UsageMeter } from '@lt/usage';
import { ASR_SETTINGS, type AsrSettings } from '../asr.settings';
import { RECOGNIZER, type Recognizer } from '../providers/recognizer';
import { LeaseRepository } from './lease.repository';
import { PendingSentences, refusedForGood, type PendingSentence } from './pending-sentences';
import { StreamSession } from './stream-session';
import type { Sentence, StopReason, StreamContext } from './stream-context';
import { QUOTA_SPENT_MESSAGE, storeWithRetries } from './stream-upkeep';
import { vocabularyOf } from './vocabulary';

/** What takes audio (docs/audio.md): the gateway's audio socket over the bus, or the venue ingest in process. */
export interface AudioSink {
  /** `stopped`: told at once when the stream stops by itself (the room's quota spent, no audio for a while). */
  open(stream: AudioStream, stopped?: (reason: StopReason) => void): Promise<{ nextSeq: number; sampleRate: number }>;
  push(streamId: string, seq: number, atMs: number, pcm: Buffer): void;
  stop(streamId: string): Promise<void>;
}

export interface OpenedStream {
  nextSeq: number;
  sampleRate: number;
  committedSeq: number;
  /** False when another live replica holds the stream: its chunks go to that one. */
  held: boolean;
}

const VOCABULARY_TTL_MS = 30_000;
const MAX_VOCABULARIES = 1_000;
/** A stored sentence is refused when rooms-svc has not answered within this time; it is tried again. */
const STORE_TIMEOUT_MS = 5_000;
/** Kept sentences of streams no replica holds are claimed for this long while they are stored. */
const KEPT_CLAIM_MS = 30_000;
/** Old kept sentences and stream rows are forgotten this often. */
const FORGET_EVERY_MS = 60 * 60_000;

/**
 * The one entry for audio: one provider session per stream held by this replica (by lease), whose finals
 * become transcripts stored through rooms-svc like a browser's, and whose interims reach the room's pages.
 */
@Injectable()
export class AudioStreams implements AudioSink, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('AudioStreams');
  private readonly streams = new Map<string, StreamSession>();
  private readonly vocabularies = new ExpiringMap<string, Vocabulary>({ max: MAX_VOCABULARIES, ttlMs: VOCABULARY_TTL_MS });
  /** Told when a stream is taken by another replica, or ends: the bus link stops listening for it. */
  private readonly ended = new Set<(streamId: string) => void>();
  /** Senders in this process told when their stream stops by itself (the venue feed). */
  private readonly stopListeners = new Map<string, (reason: StopReason) => void>();
  readonly holder = `asr-${crypto.randomUUID().slice(0, 8)}`;
  private renewTimer?: NodeJS.Timeout;
  private keptTimer?: NodeJS.Timeout;
  private forgotAt = Date.now();
  /** The process shuts down: streams still stop and store their last words, but give up a store that keeps failing. */
  private closing = false;
  private readonly ctx: StreamContext | null;

  constructor(
    private readonly bus: Bus,
    private readonly leases: LeaseRepository,
    private readonly pending: PendingSentences,
    @Inject(ASR_SETTINGS) private readonly settings: AsrSettings,
    @Optional() @Inject(RECOGNIZER) private readonly recognizer: Recognizer | null,
    @Optional() private readonly meter?: UsageMeter,
  ) {
    this.ctx = recognizer ? this.context(recognizer) : null;
  }

  get provider(): Recognizer | null {
    return this.recognizer ?? null;
  }

  onApplicationBootstrap(): void {
    this.renewTimer = setInterval(() => void this.renew(), Math.max(200, Math.floor(this.settings.leaseMs / 3)));
    this.renewTimer.unref();
    this.keptTimer = setInterval(() => void this.storeUnheld(), Math.max(200, this.settings.leaseMs));
    this.keptTimer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.renewTimer);
    clearInterval(this.keptTimer);
    await Promise.all([...this.streams.keys()].map((id) => this.stop(id)));
  }

  onEnded(listener: (streamId: string) => void): void {
    this.ended.add(listener);
  }

  async open(stream: AudioStream, stopped?: (reason: StopReason) => void): Promise<OpenedStream> {
    const opened = await this.openWith(stream);
    if (stopped && opened.held) this.stopListeners.set(stream.streamId, stopped);
    return opened;
  }

  /** Opens (or finds) the stream; `out` hears acks and the provider's state. */
  async openWith(stream: AudioStream, out?: (message: AudioOut) => void): Promise<OpenedStream> {
    if (!this.ctx || !this.recognizer) throw new Error('no speech recognition provider is configured (ASR_PROVIDER)');
    const sampleRate = this.recognizer.sampleRate;
    const local = this.streams.get(stream.streamId);
    if (local) return { nextSeq: local.next, committedSeq: local.committed, sampleRate, held: true };
    // A room whose quota is spent opens no stream (one under way stops when it is spent: StreamSession).
    if (!(await this.ctx.allowed(stream.roomId))) throw new DomainException(LiveErrorCode.RecognitionQuotaExhausted, QUOTA_SPENT_MESSAGE);
    const lease = await this.leases.acquire(stream, this.holder, this.settings.leaseMs);
    if (!lease.held) return { nextSeq: lease.committedSeq, committedSeq: lease.committedSeq, sampleRate, held: false };
    const session = new StreamSession(stream, lease, this.ctx, out);
    this.streams.set(stream.streamId, session);
    void session.start();
    return { nextSeq: session.next, committedSeq: session.committed, sampleRate, held: true };
  }

  push(streamId: string, seq: number, atMs: number, pcm: Buffer): void {
    this.streams.get(streamId)?.push(seq, atMs, pcm);
  }

  async stop(streamId: string): Promise<void> {
    const session = this.streams.get(streamId);
    this.stopListeners.delete(streamId);
    if (!session) return;
    await session.stop();
    this.streams.delete(streamId);
    for (const listener of this.ended) listener(streamId);
    await this.leases.release(streamId, this.holder).catch(() => undefined);
  }

  /** The glossary terms a room's recogniser gets (the glossary editor shows them). */
  vocabulary(roomId: string): Promise<Vocabulary> {
    const limit = this.recognizer?.vocabularyLimit ?? 0;
    const provider = this.recognizer?.name ?? null;
    return this.vocabularies.fetch(roomId, async () => {
      const glossary = await this.bus.request(GLOSSARY_SUBJECTS.get, { roomId });
      return { provider, limit, ...vocabularyOf(glossary.entries, limit) };
    });
  }

  /** The room's glossary changed: its terms are read again (by the editor, and by the next provider session). */
  forgetVocabulary(roomId: string): void {
    this.vocabularies.delete(roomId);
  }

  private async renew(): Promise<void> {
    const ids = [...this.streams.keys()];
    // A process whose bus is closed serves nothing: its leases lapse, and other replicas take its streams.
    if (!ids.length || this.bus.isClosed()) return;
    const kept = await this.leases.renew(this.holder, ids, this.settings.leaseMs).catch(() => null);
    if (!kept) return;
    for (const id of ids) {
      if (kept.has(id) || !this.streams.has(id)) continue;
      this.logger.warn(`stream ${id} is held by another replica now: dropped here`);
      this.streams.get(id)?.drop();
      this.streams.delete(id);
      this.stopListeners.delete(id);
      for (const listener of this.ended) listener(id);
    }
  }

  private async storeTranscript(transcript: AppendTranscriptRequest): Promise<void> {
    await this.bus.request(ROOMS_SUBJECTS.appendTranscript, transcript, { timeoutMs: STORE_TIMEOUT_MS });
  }

  /** The kept sentence is stored, or refused for good (its room is gone, say): it is forgotten. */
  private async forgetKept(kept: PendingSentence, result: 'stored' | Error): Promise<void> {
    if (result !== 'stored') this.logger.warn(`kept sentence ${kept.transcript.messageId} refused: ${result.message}`);
    await this.pending.remove(kept.streamId, kept.segment);
  }

  /**
   * Stores the sentences kept for streams no replica holds (their page never came back), each stream's in order,
   * one attempt each time: a stream stops at its first failure and is tried again later.
   */
  private async storeUnheld(): Promise<void> {
    if (this.closing || this.bus.isClosed()) return;
    try {
      if (Date.now() - this.forgotAt > FORGET_EVERY_MS) {
        this.forgotAt = Date.now();
        await Promise.all([this.pending.sweep(), this.leases.sweep()]);
      }
      let failed: string | null = null;
      for (const kept of await this.pending.claimUnheld(20, KEPT_CLAIM_MS)) {
        if (kept.streamId === failed) continue;
        const result = await this.storeTranscript(kept.transcript).then(
          () => 'stored' as const,
          (error: Error) => error,
        );
        if (result === 'stored' || refusedForGood(result)) await this.forgetKept(kept, result);
        else failed = kept.streamId;
      }
    } catch (error) {
      this.logger.warn(`kept sentences not stored yet: ${(error as Error).message}`);
    }
  }

  private context(recognizer: Recognizer): StreamContext {
    const ctx: StreamContext = {
      recognizer,
      settings: this.settings,
      vocabulary: async (roomId) => (await this.vocabulary(roomId)).sent,
      store: (stream, s) => this.storeTranscript(transcriptOf(stream, s)),
      keep: (stream, segment, s, why) =>
        this.pending.keep({ streamId: stream.streamId, segment, transcript: transcriptOf(stream, s) }).then(
          () => (this.logger.warn(`stream ${stream.streamId}: sentence ${s.messageId} kept to be stored later: ${why.message}`), true),
          (error: Error) => (this.logger.error(`stream ${stream.streamId}: sentence ${s.messageId} lost: ${error.message}`), false),
        ),
      storeKept: async (stream, state) => {
        for (const kept of await this.pending.of(stream.streamId)) {
          const result = await storeWithRetries(ctx, () => this.storeTranscript(kept.transcript), {
            dropped: state.dropped,
            givesUp: refusedForGood,
          });
          if (result === 'dropped') return;
          if (result !== 'stored' && !refusedForGood(result)) return; // shutting down: it stays kept
          await this.forgetKept(kept, result);
        }
      },
      interim: (stream, line) =>
        this.bus.emitToRoom(
          LIVE_SUBJECTS.interim,
          { roomId: stream.roomId },
          {
            type: 'interim',
            roomId: stream.roomId,
            messageId: line.messageId,
            text: line.text.slice(0, LIMITS.transcriptTextMax),
            sourceLanguage: stream.sourceLanguage,
            timestamp: new Date(line.atMs).toISOString(),
            speakerId: stream.speakerId,
            speakerName: stream.speakerName,
            recognised: true,
          },
        ),
      commit: (streamId, committedSeq, segment) => this.leases.commit(streamId, this.holder, committedSeq, segment),
      meter: (roomId, seconds) => this.meter?.report(roomId, 'recognition', seconds),
      allowed: (roomId) => this.meter?.allowed(roomId) ?? Promise.resolve(true),
      finish: (streamId, reason) => {
        const told = this.stopListeners.get(streamId);
        void this.stop(streamId);
        told?.(reason);
      },
      closing: () => this.closing,
    };
    return ctx;
  }
}

/** A recognised sentence as rooms-svc stores a transcript (as a browser's, marked recognised). */
function transcriptOf(stream: AudioStream, s: Sentence): AppendTranscriptRequest {
  return {
    roomId: stream.roomId,
    messageId: s.messageId,
    text: s.text.slice(0, LIMITS.transcriptTextMax),
    sourceLanguage: stream.sourceLanguage,
    timestamp: new Date(s.atMs).toISOString(),
    confidence: s.confidence,
    speakerId: stream.speakerId,
    speakerName: stream.speakerName,
    recognised: true,
    ...(stream.invitedSpeaker ? { invitedSpeaker: true } : {}),
  };
}
