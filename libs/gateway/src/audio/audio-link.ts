import { Logger } from '@nestjs/common';
import type { RawData, WebSocket } from 'ws';
import {
  ASR_SUBJECTS,
  AUDIO_STOP_MESSAGE,
  CLOSE_CODES,
  LiveErrorCode,
  asrStreamSubjects,
  audioChunkMaxBytes,
  audioClientFrameSchema,
  audioOutSchema,
  parseAudioChunk,
  type AudioOut,
  type AudioServerFrame,
  type AudioStream,
} from '@lt/contracts';
import type { Bus, Unsubscribe } from '@lt/platform';

/** A chunk's binary frame as the page sent it: what goes to asr-svc, as it is. */
interface Frame {
  seq: number;
  bytes: Uint8Array;
}

/** Chunks kept since the last one covered by a stored sentence: resent to a replica taking the stream over. */
const KEEP_MAX_CHUNKS = 300;
/** Without an ack for this long while audio goes out, the holder is taken for dead and the stream opened again. */
const HOLDER_SILENT_MS = 3_000;
const WATCH_MS = 500;

/**
 * One audio socket's stream on its way to asr-svc: chunks checked for order and forwarded on the stream's
 * subject, acks and the provider's state passed back, and the audio not yet covered by a stored sentence
 * kept, to be sent again to the replica that takes the stream over when its holder dies.
 */
export class AudioLink {
  private readonly logger = new Logger('AudioLink');
  private readonly kept: Frame[] = [];
  private readonly inSubject: string;
  private expected = 0;
  private lastOut = Date.now();
  private lastAck = -1;
  private reopening = false;
  private off?: Unsubscribe;
  private watch?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly bus: Bus,
    private readonly ws: WebSocket,
    private readonly stream: AudioStream,
  ) {
    this.inSubject = asrStreamSubjects(stream.streamId).in;
  }

  /** Opens the stream on asr-svc and tells the page where to send from. */
  async start(resumeFrom?: number): Promise<void> {
    this.off = this.bus.subscribe(asrStreamSubjects(this.stream.streamId).out, (payload) => {
      const out = audioOutSchema.safeParse(payload);
      if (out.success) this.onOut(out.data);
    });
    const opened = await this.bus.request(ASR_SUBJECTS.open, { ...this.stream, resumeFrom }, { timeoutMs: 10_000 });
    this.expected = Math.max(opened.nextSeq, 0);
    this.lastOut = Date.now();
    this.send({ type: 'audio_ready', streamId: this.stream.streamId, sampleRate: opened.sampleRate, nextSeq: this.expected });
    this.watch = setInterval(() => this.checkHolder(), WATCH_MS);
    this.watch.unref();
  }

  onMessage(data: RawData, isBinary: boolean): void {
    if (!isBinary) return this.onText(String(data));
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
    const chunk = parseAudioChunk(bytes);
    if (!chunk || chunk.pcm.length > audioChunkMaxBytes(this.stream.sampleRate))
      return this.send({ type: 'error', code: 'bad_frame', message: 'Invalid audio chunk' });
    if (chunk.seq !== this.expected) return this.send({ type: 'audio_gap', expected: this.expected });
    this.expected += 1;
    const frame = { seq: chunk.seq, bytes };
    this.kept.push(frame);
    // Bounded: beyond it the oldest audio goes (a takeover then misses it); the socket never grows the gateway.
    if (this.kept.length > KEEP_MAX_CHUNKS) this.kept.shift();
    // While the stream moves to another replica, chunks wait in `kept`: they follow the replayed ones, in order.
    if (!this.reopening) this.forward(frame);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.watch);
    this.off?.();
  }

  private onText(text: string): void {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.send({ type: 'error', code: 'bad_frame', message: 'Frames must be JSON' });
    }
    const frame = audioClientFrameSchema.safeParse(json);
    if (frame.success && frame.data.type === 'audio_stop') return this.bus.publishBytes(this.inSubject, AUDIO_STOP_MESSAGE);
    this.send({ type: 'error', code: 'bad_frame', message: 'Expected audio_stop or binary audio' });
  }

  /** The frame goes to the holder as the page sent it (checked above): bytes, not JSON (docs/audio.md). */
  private forward(frame: Frame): void {
    this.bus.publishBytes(this.inSubject, frame.bytes);
  }

  private onOut(out: AudioOut): void {
    this.lastOut = Date.now();
    while (this.kept.length && this.kept[0].seq < out.committedSeq) this.kept.shift();
    if (out.ackSeq > this.lastAck) {
      this.lastAck = out.ackSeq;
      this.send({ type: 'audio_ack', seq: out.ackSeq });
    }
    if (out.state && out.state !== 'stopped')
      this.send({ type: 'audio_status', state: out.state, ...(out.message ? { message: out.message } : {}) });
    // The room's quota is spent: the stream has stopped on asr-svc, and the page is told that it is final.
    if (out.state === 'quota_exhausted') {
      const message = out.message ?? 'The quota of this room is spent';
      this.send({ type: 'error', code: LiveErrorCode.RecognitionQuotaExhausted, message });
      this.close();
      this.ws.close(CLOSE_CODES.normal, 'quota spent');
    }
  }

  /** The holder said nothing for a while though audio went out: another replica takes the stream, and gets the kept audio. */
  private checkHolder(): void {
    if (this.closed || this.reopening) return;
    const waiting = this.expected - 1 > this.lastAck;
    if (!waiting || Date.now() - this.lastOut < HOLDER_SILENT_MS) return;
    this.reopening = true;
    this.send({ type: 'audio_status', state: 'reconnecting', message: 'recognition moves to another server' });
    void this.bus
      .request(ASR_SUBJECTS.open, { ...this.stream, resumeFrom: this.kept[0]?.seq ?? this.expected }, { timeoutMs: 5_000 })
      .then((opened) => {
        this.lastOut = Date.now();
        for (const chunk of this.kept) if (chunk.seq >= opened.nextSeq) this.forward(chunk);
      })
      .catch((error: Error) => {
        this.logger.warn(`stream ${this.stream.streamId}: not reopened yet: ${error.message}`);
        this.lastOut = Date.now() - HOLDER_SILENT_MS + 1_000;
      })
      .finally(() => (this.reopening = false));
  }

  private send(frame: AudioServerFrame): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(frame));
  }
}
