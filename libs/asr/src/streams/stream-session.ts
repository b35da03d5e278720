import { Logger } from '@nestjs/common';
import type { AudioOut, AudioState, AudioStream } from '@lt/contracts';
import { pcmMs, type RecognitionEvent } from '../providers/recognizer';
import { resample } from './pcm';
import type { LeaseState } from './lease.repository';
import { SessionClock } from './session-clock';
import { sentenceId, type Chunk, type Sentence, type Session, type StreamContext } from './stream-context';
import { QUOTA_SPENT_MESSAGE, sleep, storeWithRetries, StreamUpkeep } from './stream-upkeep';

export { sentenceId, type StreamContext } from './stream-context';

/** Provider sessions tried to say the last words of a stream that stops. */
const STOP_ATTEMPTS = 3;
const RECONNECT_DELAYS_MS = [0, 250, 500, 1_000, 2_000, 5_000];

/**
 * One audio stream held by this replica: its provider session (replaced before the provider's cap, reopened
 * after a close), the audio since the last recognised sentence (replayed to a new session), and its finals
 * stored in order, each once.
 */
export class StreamSession {
  private readonly logger = new Logger('AudioStream');
  private readonly buffer: Chunk[] = [];
  private session: Session | null = null;
  private sessions = 0;
  private nextSeq: number;
  /** The first chunk not covered by a recognised sentence, and the index of the next sentence. */
  private heardSeq: number;
  private segment: number;
  private committedSeq: number;
  private storing: Promise<void> = Promise.resolve();
  private speaking = false;
  private rotateWanted = false;
  private rotateTimer?: NodeJS.Timeout;
  private stopped = false;
  private stopping = false;
  private stopDone?: Promise<void>;
  /** Another replica holds the stream: nothing more is stored or saved here. */
  private dropped = false;
  private state: AudioState = 'recognising';
  private readonly upkeep: StreamUpkeep;
  private lastAck = -2;

  constructor(
    readonly stream: AudioStream,
    lease: LeaseState,
    private readonly ctx: StreamContext,
    private readonly out?: (message: AudioOut) => void,
  ) {
    this.nextSeq = lease.committedSeq;
    this.heardSeq = lease.committedSeq;
    this.committedSeq = lease.committedSeq;
    this.segment = lease.segment;
    this.startedAt = lease.startedAt;
    this.upkeep = new StreamUpkeep(stream, ctx, (reason) => {
      if (reason === 'idle') return this.logger.log(`stream ${stream.streamId}: no audio for ${ctx.settings.idleMs} ms, it stops`);
      this.logger.log(`stream ${stream.streamId}: the quota of room ${stream.roomId} is spent, recognition stops`);
      this.setState('quota_exhausted', QUOTA_SPENT_MESSAGE);
    });
  }

  private readonly startedAt: number;

  get next(): number {
    return this.nextSeq;
  }

  get committed(): number {
    return this.committedSeq;
  }

  async start(): Promise<void> {
    // Sentences an earlier holder kept while shutting down go first: the stream's order holds.
    this.storing = this.ctx.storeKept(this.stream, { dropped: () => this.dropped }).catch((error: Error) => {
      this.logger.error(`stream ${this.stream.streamId}: kept sentences not stored: ${error.message}`);
    });
    this.upkeep.start(this.out ? () => this.ack() : undefined);
    await this.connect();
  }

  push(seq: number, atMs: number, pcm: Buffer): void {
    if (this.stopped || seq < this.nextSeq) return;
    this.upkeep.heard();
    this.nextSeq = seq + 1;
    const audio = resample(pcm, this.stream.sampleRate, this.ctx.recognizer.sampleRate);
    this.buffer.push({ seq, atMs, ms: pcmMs(audio.length, this.ctx.recognizer.sampleRate), pcm: audio });
    this.bound();
    this.pump();
  }

  /** The last words are recognised and stored, then the session ends; a second call waits for the first's end. */
  stop(): Promise<void> {
    return (this.stopDone ??= this.finish());
  }

  private async finish(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.rotateTimer);
    this.upkeep.end();
    // Finals that arrive while finishing still count: the session stays current until it has said them. A
    // session lost meanwhile is replaced, and the audio not yet recognised replayed to it, a few times at most.
    for (let attempt = 0; attempt < STOP_ATTEMPTS; attempt++) {
      const session =
        this.session ??
        (await this.openSession()
          .then((s) => (this.use(s), s))
          .catch(() => null));
      if (!session) break;
      this.pump();
      if (await session.rec.finish()) break;
      this.session = null;
    }
    this.stopped = true;
    this.session = null;
    await this.storing;
    this.upkeep.meterRest();
    this.upkeep.end();
    this.ack();
    this.out?.({ ackSeq: this.nextSeq - 1, committedSeq: this.committedSeq, state: 'stopped' });
  }

  /** Another replica holds the stream now: drop everything at once, store nothing more. */
  drop(): void {
    this.stopped = true;
    this.dropped = true;
    clearTimeout(this.rotateTimer);
    this.upkeep.end();
    this.session?.rec.close();
    this.session = null;
  }

  private async connect(attempt = 0): Promise<void> {
    // A stream that stops opens its own session to finish on: a reconnection under way gives way to it.
    while (!this.stopped && !this.stopping) {
      await sleep(RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]);
      if (this.stopped || this.stopping) return;
      try {
        const session = await this.openSession();
        if (this.stopping || this.stopped) return session.rec.close();
        this.use(session);
        this.setState('recognising');
        return;
      } catch (error) {
        attempt += 1;
        this.logger.warn(`stream ${this.stream.streamId}: the provider refused a session: ${(error as Error).message}`);
        this.setState('provider_error', (error as Error).message);
      }
    }
  }

  private async openSession(): Promise<Session> {
    const id = ++this.sessions;
    const vocabulary = await this.ctx.vocabulary(this.stream.roomId).catch(() => []);
    const language = this.stream.sourceLanguage;
    const rec = await this.ctx.recognizer.open({ language, vocabulary }, (event) => this.onEvent(id, event));
    return { id, rec, clock: new SessionClock(), sendFrom: this.heardSeq, openedAt: Date.now() };
  }

  /** Makes `session` the current one (the one whose words count), replaying the audio not yet recognised. */
  private use(session: Session): void {
    const old = this.session;
    session.sendFrom = this.heardSeq;
    this.session = session;
    this.rotateWanted = false;
    clearTimeout(this.rotateTimer);
    if (!this.stopping) {
      this.rotateTimer = setTimeout(() => this.rotateWhenQuiet(), this.ctx.settings.sessionMaxMs);
      this.rotateTimer.unref();
    }
    if (old) void old.rec.finish();
    this.pump();
  }

  /** Sends the current session every chunk it has not had yet. */
  private pump(): void {
    const s = this.session;
    if (!s) return;
    let sent = 0;
    for (const chunk of this.buffer) {
      if (chunk.seq < s.sendFrom) continue;
      s.clock.sent(chunk.seq, chunk.atMs, chunk.ms);
      s.rec.send(chunk.pcm);
      s.sendFrom = chunk.seq + 1;
      sent += chunk.ms;
    }
    if (sent) this.upkeep.sent(sent);
  }

  private onEvent(sessionId: number, event: RecognitionEvent): void {
    const s = this.session;
    if (!s || s.id !== sessionId) return;
    switch (event.type) {
      case 'interim':
        return this.ctx.interim(this.stream, {
          messageId: sentenceId(this.stream.streamId, this.segment),
          text: event.text,
          atMs: Date.now(),
        });
      case 'final':
        return this.onFinal(s, event);
      case 'speech_started':
        this.speaking = true;
        return;
      case 'speech_stopped':
        this.speaking = false;
        return;
      case 'error':
        return this.setState('provider_error', event.message);
      case 'closed':
        if (this.stopped || this.stopping) return;
        this.logger.warn(`stream ${this.stream.streamId}: provider session closed (${event.code} ${event.reason}), reconnecting`);
        this.session = null;
        this.setState('reconnecting', `${event.code} ${event.reason}`.trim());
        void this.connect(1);
    }
  }

  private onFinal(s: Session, e: Extract<RecognitionEvent, { type: 'final' }>): void {
    const startAt = s.clock.toStream(e.startMs);
    const endAt = s.clock.toStream(e.endMs);
    const segment = this.segment++;
    // What follows the sentence's end is not heard yet: a new session gets it again, never the sentence.
    const after = this.buffer.find((c) => c.seq >= this.heardSeq && c.atMs >= endAt);
    this.heardSeq = after ? after.seq : this.nextSeq;
    const heard = this.heardSeq;
    const sentence = {
      messageId: sentenceId(this.stream.streamId, segment),
      text: e.text,
      atMs: this.startedAt + startAt,
      confidence: Math.max(0, Math.min(1, e.confidence)),
    };
    this.storing = this.storing.then(() => this.storeAndCommit(sentence, heard, segment + 1));
    if (this.rotateWanted && !this.stopping) void this.rotate();
  }

  /**
   * Stores the sentence, then saves the progress; a sentence not stored leaves the progress before it. One this
   * process, shutting down, cannot store is kept in the database and counts as stored.
   */
  private async storeAndCommit(sentence: Sentence, heard: number, segment: number): Promise<void> {
    const result = await storeWithRetries(this.ctx, () => this.ctx.store(this.stream, sentence), { dropped: () => this.dropped });
    if (result === 'dropped') return;
    if (result !== 'stored' && !(await this.ctx.keep(this.stream, segment - 1, sentence, result))) return;
    this.committedSeq = Math.max(this.committedSeq, heard);
    while (this.buffer.length && this.buffer[0].seq < Math.min(this.committedSeq, this.heardSeq)) this.buffer.shift();
    await this.ctx.commit(this.stream.streamId, this.committedSeq, segment).catch((error: Error) => {
      this.logger.warn(`stream ${this.stream.streamId}: progress not saved: ${error.message}`);
    });
  }

  /** Providers cap a session's length: a new one takes over at a pause, before the cap. */
  private rotateWhenQuiet(): void {
    if (this.stopped || this.stopping) return;
    if (this.speaking) this.rotateWanted = true;
    else void this.rotate();
  }

  /** Make-before-break: the new session is open before the old one stops being used. */
  private async rotate(): Promise<void> {
    this.rotateWanted = false;
    try {
      const next = await this.openSession();
      if (this.stopped) return next.rec.close();
      this.use(next);
    } catch (error) {
      this.logger.warn(`stream ${this.stream.streamId}: no new session to rotate to: ${(error as Error).message}`);
      this.rotateTimer = setTimeout(() => this.rotateWhenQuiet(), 5_000);
      this.rotateTimer.unref();
    }
  }

  /** At most ASR_REPLAY_MAX_MS of audio is kept; beyond it the oldest goes (it can no longer be replayed). */
  private bound(): void {
    let total = this.buffer.reduce((sum, c) => sum + c.ms, 0);
    while (this.buffer.length > 1 && total > this.ctx.settings.replayMaxMs) {
      const dropped = this.buffer.shift() as Chunk;
      total -= dropped.ms;
      this.heardSeq = Math.max(this.heardSeq, dropped.seq + 1);
    }
  }

  private setState(state: AudioState, message?: string): void {
    if (state === this.state && state === 'recognising') return;
    this.state = state;
    this.out?.({ ackSeq: this.nextSeq - 1, committedSeq: this.committedSeq, state, ...(message ? { message } : {}) });
  }

  private ack(): void {
    if (this.lastAck === this.nextSeq - 1) return;
    this.lastAck = this.nextSeq - 1;
    this.out?.({ ackSeq: this.lastAck, committedSeq: this.committedSeq });
  }
}
