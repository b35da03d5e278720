import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { LanguageCode } from '@lt/contracts';
import type { AudioSink } from '../streams/audio-streams';
import { FfmpegDecoder } from './ffmpeg-decoder';
import { FeedMeter, type FeedStatus } from './feed-meter';
import { PcmChunker } from './pcm-chunker';
import { SrtFront, type SrtCaller } from './srt-front';

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
  srtHost: string;
  srtPort: number;
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

/**
 * A stream id is the key itself, or SRT's access-control form `#!::r=<key>,…` that some encoders write.
 */
export function keyFromStreamId(streamId: string | undefined): string | null {
  if (!streamId) return null;
  const acl = /^#!::(.*)$/.exec(streamId);
  const key = acl ? /(?:^|,)r=([^,]+)/.exec(acl[1])?.[1] : streamId;
  return key && /^[A-Za-z0-9_-]{16,200}$/.test(key) ? key : null;
}

interface Feed {
  peer: string;
  decoder: FfmpegDecoder;
  room?: IngestRoom;
  streamId?: string;
  chunker?: PcmChunker;
  meter?: FeedMeter;
  lastPcmAt: number;
  ended: boolean;
}

/**
 * The venue's feed: SRT callers relayed to one ffmpeg each, admitted by their stream key, decoded to the
 * provider's PCM and pushed into the sink in chunks of `chunkMs`, with the feed's state published per room.
 * The newest publisher of a room wins (an encoder that reconnects comes from a new port).
 */
export class FeedIngest {
  private readonly logger = new Logger('FeedIngest');
  private readonly feeds = new Map<string, Feed>();
  private readonly byRoom = new Map<string, Feed>();
  private readonly lastStatus = new Map<string, FeedStatus>();
  private readonly front: SrtFront;
  private ticker?: NodeJS.Timeout;

  constructor(
    private readonly options: FeedIngestOptions,
    private readonly keys: IngestKeys,
    private readonly sink: AudioSink,
    private readonly publish: PublishFeedStatus,
  ) {
    this.front = new SrtFront(
      { host: options.srtHost, port: options.srtPort, idleMs: options.idleMs },
      { start: (peer, port) => this.start(peer, port) },
    );
  }

  /** Listens; resolves with the SRT port (useful when 0 asked for any). */
  async listen(): Promise<{ srtPort: number }> {
    const srtPort = await this.front.listen();
    this.ticker = setInterval(() => this.tick(), this.options.statusEveryMs);
    this.ticker.unref();
    return { srtPort };
  }

  /** Decoders running (admitted callers and callers in their handshake). */
  get decoders(): number {
    return this.feeds.size;
  }

  /** The room's key was rotated: its publisher is cut at once. */
  cut(roomId: string): void {
    const feed = this.byRoom.get(roomId);
    if (feed) this.front.drop(feed.peer);
  }

  /** What the host page shows now: `waiting` for a room that never had a feed here. */
  status(roomId: string): FeedStatus {
    return this.lastStatus.get(roomId) ?? { state: 'waiting', level: null, silentForS: null };
  }

  async close(): Promise<void> {
    clearInterval(this.ticker);
    await this.front.close();
  }

  private start(peer: string, port: number): SrtCaller | null {
    if (this.feeds.size >= this.options.maxIngests) {
      this.logger.warn(`feed from ${peer} refused: ${this.options.maxIngests} ingests already run`);
      return null;
    }
    const input = `srt://127.0.0.1:${port}?mode=listener&listen_timeout=${this.options.idleMs * 1000}`;
    const feed: Feed = { peer, lastPcmAt: Date.now(), ended: false } as Feed;
    feed.decoder = new FfmpegDecoder(
      { ffmpegPath: this.options.ffmpegPath, input, sampleRate: this.options.sampleRate },
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
    if (previous && previous !== feed) this.front.drop(previous.peer);
    feed.room = room;
    this.byRoom.set(room.roomId, feed);
    const id = randomUUID();
    const opened = await this.sink
      .open({
        streamId: id,
        roomId: room.roomId,
        source: 'feed',
        ...FEED_SPEAKER,
        sourceLanguage: room.sourceLanguage,
        sampleRate: this.options.sampleRate,
      })
      .catch((error: Error) => {
        this.logger.warn(`feed of room ${room.roomId} refused: the recognition did not open (${error.message})`);
        return null;
      });
    if (!opened) {
      this.byRoom.delete(room.roomId);
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
    this.front.drop(feed.peer);
    this.end(feed);
  }

  /** The publisher is gone (left, went quiet, cut): its decoder stops and the sink's stream ends with its last words. */
  private end(feed: Feed): void {
    if (feed.ended) return;
    feed.ended = true;
    feed.decoder.stop();
    this.feeds.delete(feed.peer);
    if (!feed.room) return;
    if (feed.streamId && feed.chunker) {
      const last = feed.chunker.flush();
      if (last) this.sink.push(feed.streamId, last.seq, last.atMs, last.pcm);
      void this.sink.stop(feed.streamId).catch((error: Error) => this.logger.warn(`feed stream stop failed: ${error.message}`));
    }
    if (this.byRoom.get(feed.room.roomId) === feed) {
      this.byRoom.delete(feed.room.roomId);
      this.setStatus(feed.room.roomId, { state: 'lost', level: null, silentForS: null });
    }
  }

  private tick(): void {
    const now = Date.now();
    for (const [roomId, feed] of this.byRoom) {
      if (!feed.meter) continue;
      const stalled = now - feed.lastPcmAt >= this.options.lostAfterMs;
      this.setStatus(roomId, stalled ? { state: 'lost', level: null, silentForS: null } : feed.meter.status(), true);
    }
  }

  private setStatus(roomId: string, status: FeedStatus, periodic = false): void {
    const before = this.lastStatus.get(roomId);
    this.lastStatus.set(roomId, status);
    const changed = !before || before.state !== status.state || before.silentForS !== status.silentForS;
    if (changed || (periodic && status.state === 'receiving')) this.publish(roomId, status);
  }
}
