import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { LiveErrorCode, type FeedStopReason, type LanguageCode } from '@lt/contracts';
import { DomainException } from '@lt/platform';
import type { AudioSink } from '../streams/audio-streams';
import { keyFromStreamId, type FeedCaller } from './feed-caller';
import { FfmpegDecoder, type DecoderOptions } from './ffmpeg-decoder';
import { FeedMeter, type FeedStatus } from './feed-meter';
import { PcmChunker } from './pcm-chunker';
import { RtmpFront } from './rtmp-front';
import { SrtFront } from './srt-front';

export { keyFromStreamId } from './feed-caller';

/** The room a stream key opens (rooms-svc keeps only the key's hash). */
export interface IngestRoom {
  roomId: string;
  sourceLanguage: LanguageCode;
}

export interface IngestKeys {
  /** The room `key` opens, or null for an unknown or rotated key. */
  resolve(key: string): Promise<IngestRoom | null>;
}

export interface FeedIngestOptions {
  ffmpegPath: string;
  /** The recognition provider's rate: what ffmpeg decodes to. */
  sampleRate: number;
  chunkMs: number;
  /** Callers decoded at once, admitted or still in their handshake. */
  maxIngests: number;
  /** Where both fronts listen. */
  srtHost: string;
  srtPort: number;
  /** The RTMP port; 0 or absent: no RTMP front (RTMP is optional beside SRT); null: any free port (tests). */
  rtmpPort?: number | null;
  /** A caller silent this long (ms) is let go. */
  idleMs: number;
  /** No audio for this long (ms) from a connected publisher: `lost`. */
  lostAfterMs: number;
  silenceDb: number;
  silentAfterMs: number;
  /** How often a receiving feed's status (its level) is published. */
  statusEveryMs: number;
}

export type PublishFeedStatus = (roomId: string, status: FeedStatus) => void;

/** The speaker a feed's words are stored under. */
export const FEED_SPEAKER = { speakerId: 'feed', speakerName: 'Venue feed' } as const;

type Protocol = 'srt' | 'rtmp';

const STOPPED: Record<FeedStopReason, FeedStatus> = {
  quota: { state: 'stopped', level: null, silentForS: null, reason: 'quota' },
  idle: { state: 'stopped', level: null, silentForS: null, reason: 'idle' },
};
const LOST: FeedStatus = { state: 'lost', level: null, silentForS: null };

interface Feed {
  /** The protocol and the caller's address: SRT's and RTMP's callers never share one. */
  peer: string;
  decoder: FfmpegDecoder;
  /** Lets the caller go through its front (the encoder sees the disconnect). */
  disconnect(): void;
  /** The recognition stopped it by itself: its stream is not stopped again, and the host page is told why. */
  stoppedFor?: FeedStopReason;
  room?: IngestRoom;
  streamId?: string;
  chunker?: PcmChunker;
  meter?: FeedMeter;
  lastPcmAt: number;
  ended: boolean;
}

/**
 * The venue's feed: SRT callers and RTMP publishers relayed to one ffmpeg each, admitted by their stream key,
 * decoded to the provider's PCM and pushed into the sink in chunks of `chunkMs`, with the feed's state published
 * per room. One publisher per room, the newest (an encoder that reconnects comes from a new port). A feed whose
 * recognition stops by itself (quota, idle) is disconnected, so its encoder sees it, and the host page says why.
 */
export class FeedIngest {
  private readonly logger = new Logger('FeedIngest');
  private readonly feeds = new Map<string, Feed>();
  private readonly byRoom = new Map<string, Feed>();
  private readonly lastStatus = new Map<string, FeedStatus>();
  private readonly srt: SrtFront;
  private readonly rtmp: RtmpFront | null;
  private ticker?: NodeJS.Timeout;

  constructor(
    private readonly options: FeedIngestOptions,
    private readonly keys: IngestKeys,
    private readonly sink: AudioSink,
    private readonly publish: PublishFeedStatus,
  ) {
    const { srtHost: host, idleMs } = options;
    this.srt = new SrtFront({ host, port: options.srtPort, idleMs }, { start: (peer, port) => this.start('srt', peer, port) });
    this.rtmp =
      options.rtmpPort === 0 || options.rtmpPort === undefined
        ? null
        : new RtmpFront({ host, port: options.rtmpPort ?? 0, idleMs }, { start: (peer, port) => this.start('rtmp', peer, port) });
  }

  /** Listens; resolves with the ports (useful when 0 asked for any; RTMP null when off). */
  async listen(): Promise<{ srtPort: number; rtmpPort: number | null }> {
    const srtPort = await this.srt.listen();
    const rtmpPort = this.rtmp ? await this.rtmp.listen() : null;
    this.ticker = setInterval(() => this.tick(), this.options.statusEveryMs);
    this.ticker.unref();
    return { srtPort, rtmpPort };
  }

  /** Decoders running (admitted callers and callers in their handshake). */
  get decoders(): number {
    return this.feeds.size;
  }

  /** The room's key was rotated: its publisher is cut at once. */
  cut(roomId: string): void {
    const feed = this.byRoom.get(roomId);
    feed?.disconnect();
  }

  /** What the host page shows now: `waiting` for a room that never had a feed here. */
  status(roomId: string): FeedStatus {
    return this.lastStatus.get(roomId) ?? { state: 'waiting', level: null, silentForS: null };
  }

  async close(): Promise<void> {
    clearInterval(this.ticker);
    await Promise.all([this.srt.close(), this.rtmp?.close()]);
  }

  /** What the decoder listens on for a caller relayed to `port`: ffmpeg's listener of that protocol. */
  private input(protocol: Protocol, port: number): Pick<DecoderOptions, 'input' | 'inputArgs'> {
    const { idleMs } = this.options;
    return protocol === 'srt'
      ? { input: `srt://127.0.0.1:${port}?mode=listener&listen_timeout=${idleMs * 1000}` }
      : { input: `rtmp://127.0.0.1:${port}/live/feed`, inputArgs: ['-listen', '1', '-timeout', String(Math.ceil(idleMs / 1000))] };
  }

  private start(protocol: Protocol, from: string, port: number): FeedCaller | null {
    const peer = `${protocol}://${from}`;
    if (this.feeds.size >= this.options.maxIngests) {
      this.logger.warn(`feed from ${peer} refused: ${this.options.maxIngests} ingests already run`);
      return null;
    }
    const front = protocol === 'srt' ? this.srt : this.rtmp;
    const feed: Feed = { peer, lastPcmAt: Date.now(), ended: false, disconnect: () => front?.drop(from) } as Feed;
    feed.decoder = new FfmpegDecoder(
      { ffmpegPath: this.options.ffmpegPath, ...this.input(protocol, port), sampleRate: this.options.sampleRate },
      { pcm: (data) => this.onPcm(feed, data), exit: (code, log) => this.onExit(feed, code, log) },
    );
    this.feeds.set(peer, feed);
    return { admit: (streamId) => this.admit(feed, streamId), dropped: () => this.end(feed) };
  }

  private async admit(feed: Feed, streamId: string | undefined): Promise<boolean> {
    const key = keyFromStreamId(streamId);
    const room = key ? await this.keys.resolve(key).catch(() => null) : null;
    if (!room || feed.ended) return false;
    const previous = this.byRoom.get(room.roomId);
    if (previous && previous !== feed) previous.disconnect();
    feed.room = room;
    this.byRoom.set(room.roomId, feed);
    const id = randomUUID();
    const stream = {
      streamId: id,
      roomId: room.roomId,
      source: 'feed',
      ...FEED_SPEAKER,
      sourceLanguage: room.sourceLanguage,
      sampleRate: this.options.sampleRate,
    } as const;
    const opened = await this.sink
      .open(stream, (reason) => this.stoppedBySink(feed, reason))
      .catch((error: Error) => {
        this.logger.warn(`feed of room ${room.roomId} refused: the recognition did not open (${error.message})`);
        // A room whose quota is spent keeps saying so while its encoder tries again.
        if (error instanceof DomainException && error.code === LiveErrorCode.RecognitionQuotaExhausted)
          this.setStatus(room.roomId, STOPPED.quota);
        return null;
      });
    if (!opened) {
      if (this.byRoom.get(room.roomId) === feed) this.byRoom.delete(room.roomId);
      return false;
    }
    const { nextSeq, sampleRate } = opened;
    if (sampleRate !== this.options.sampleRate)
      this.logger.warn(`the sink asked for ${sampleRate} Hz; the feed is decoded at ${this.options.sampleRate} Hz`);
    feed.streamId = id;
    feed.chunker = new PcmChunker(this.options.sampleRate, this.options.chunkMs, nextSeq);
    feed.meter = new FeedMeter({ silenceDb: this.options.silenceDb, silentAfterMs: this.options.silentAfterMs });
    feed.lastPcmAt = Date.now();
    this.setStatus(room.roomId, feed.meter.status());
    this.logger.log(`feed from ${feed.peer} admitted to room ${room.roomId}`);
    return !feed.ended;
  }

  private onPcm(feed: Feed, data: Buffer): void {
    if (!feed.streamId || !feed.chunker || feed.ended) return;
    feed.lastPcmAt = Date.now();
    for (const chunk of feed.chunker.write(data)) {
      feed.meter?.add(chunk.atMs, chunk.pcm);
      this.sink.push(feed.streamId, chunk.seq, chunk.atMs, chunk.pcm);
    }
  }

  private onExit(feed: Feed, code: number | null, log: string): void {
    if (!feed.ended && feed.room)
      this.logger.log(`feed of room ${feed.room.roomId} ended (ffmpeg ${code}): ${log.split('\n').pop() ?? ''}`);
    feed.disconnect();
    this.end(feed);
  }

  /** The recognition stopped the feed's stream by itself: the publisher is let go, and the host page says why. */
  private stoppedBySink(feed: Feed, reason: FeedStopReason): void {
    if (feed.ended) return;
    this.logger.log(`feed of room ${feed.room?.roomId} stopped (${reason}): its publisher is disconnected`);
    feed.stoppedFor = reason;
    feed.disconnect();
    this.end(feed);
  }

  /** The publisher is gone (left, went quiet, cut): its decoder stops and the sink's stream ends with its last words. */
  private end(feed: Feed): void {
    if (feed.ended) return;
    feed.ended = true;
    feed.decoder.stop();
    this.feeds.delete(feed.peer);
    if (!feed.room) return;
    if (feed.streamId && feed.chunker && !feed.stoppedFor) {
      const last = feed.chunker.flush();
      if (last) this.sink.push(feed.streamId, last.seq, last.atMs, last.pcm);
      void this.sink.stop(feed.streamId).catch((error: Error) => this.logger.warn(`feed stream stop failed: ${error.message}`));
    }
    if (this.byRoom.get(feed.room.roomId) === feed) {
      this.byRoom.delete(feed.room.roomId);
      this.setStatus(feed.room.roomId, feed.stoppedFor ? STOPPED[feed.stoppedFor] : LOST);
    }
  }

  private tick(): void {
    const now = Date.now();
    for (const [roomId, feed] of this.byRoom) {
      if (!feed.meter) continue;
      const stalled = now - feed.lastPcmAt >= this.options.lostAfterMs;
      this.setStatus(roomId, stalled ? LOST : feed.meter.status(), true);
    }
  }

  private setStatus(roomId: string, status: FeedStatus, periodic = false): void {
    const before = this.lastStatus.get(roomId);
    this.lastStatus.set(roomId, status);
    const changed = !before || before.state !== status.state || before.silentForS !== status.silentForS || before.reason !== status.reason;
    if (changed || (periodic && status.state === 'receiving')) this.publish(roomId, status);
  }
}
