import { Controller, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INGEST_SUBJECTS, type BusPayload, type FeedStatus } from '@lt/contracts';
import { Bus, OnEvent, OnRequest, sha256 } from '@lt/platform';
import type { AudioSink } from '../streams/audio-streams';
import { FeedIngest, type IngestRoom } from './feed-ingest';
import type { IngestEnv } from './ingest.env';

/** Chunks pushed to the sink: within the 200 ms the audio contract allows, short enough for the provider. */
const CHUNK_MS = 100;

/**
 * The feed ingest inside asr-svc: keys checked by rooms-svc (by their hash), the state published as a room event
 * for the hosts' pages, a rotated key's publisher cut on rooms-svc's event. Composed with the service's sink and
 * its provider's sample rate.
 */
@Injectable()
export class FeedIngestService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('FeedIngest');
  readonly ingest: FeedIngest;
  private listening = false;

  constructor(
    private readonly bus: Bus,
    private readonly env: IngestEnv,
    sink: AudioSink,
    /** The provider's rate; null without a provider, when no feed is taken. */
    private readonly sampleRate: number | null,
  ) {
    this.ingest = new FeedIngest(
      {
        ffmpegPath: env.FFMPEG_PATH,
        sampleRate: sampleRate ?? 16_000,
        chunkMs: CHUNK_MS,
        maxIngests: env.INGEST_MAX_STREAMS,
        srtHost: env.INGEST_HOST,
        srtPort: env.INGEST_SRT_PORT,
        rtmpPort: env.INGEST_RTMP_PORT,
        idleMs: 5000,
        lostAfterMs: 3000,
        silenceDb: env.INGEST_SILENCE_DB,
        silentAfterMs: env.INGEST_SILENT_AFTER_S * 1000,
        statusEveryMs: 1000,
      },
      { resolve: (key) => this.resolve(key) },
      sink,
      (roomId, status) => this.publish(roomId, status),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.env.INGEST_ENABLED) return;
    if (this.sampleRate === null) {
      this.logger.warn('INGEST_ENABLED, but no recognition provider (ASR_PROVIDER): venue feeds are not taken');
      return;
    }
    this.listening = true;
    const { srtPort, rtmpPort } = await this.ingest.listen();
    const rtmp = rtmpPort ? `, RTMP on ${this.env.INGEST_HOST}:${rtmpPort} (tcp)` : ', RTMP off';
    this.logger.log(`venue feeds: SRT on ${this.env.INGEST_HOST}:${srtPort} (udp)${rtmp}`);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.listening) await this.ingest.close();
  }

  private async resolve(key: string): Promise<IngestRoom | null> {
    return (await this.bus.request(INGEST_SUBJECTS.resolve, { keyHash: sha256(key) })).room;
  }

  private publish(roomId: string, status: FeedStatus): void {
    this.bus.emitToRoom(INGEST_SUBJECTS.feedStatus, { roomId }, { ...status, roomId, timestamp: new Date().toISOString() });
  }
}

/** The ingest's bus handlers: the feed's state for the gateway, and keys rotated in rooms-svc. */
@Controller()
export class FeedIngestController {
  constructor(private readonly feeds: FeedIngestService) {}

  @OnRequest(INGEST_SUBJECTS.status)
  status(@Payload() request: BusPayload<typeof INGEST_SUBJECTS.status>): FeedStatus {
    return this.feeds.ingest.status(request.roomId);
  }

  /** Every replica hears it (no queue): the publisher may be on any of them. */
  @OnEvent(INGEST_SUBJECTS.rotated)
  rotated(@Payload() event: BusPayload<typeof INGEST_SUBJECTS.rotated>): void {
    this.feeds.ingest.cut(event.roomId);
  }
}
