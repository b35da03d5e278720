import { SummaryCoalescer } from './summary/summary-coalescer';
import { LiveSummaries } from './summary/live-summaries';
import { DeferrableLane } from './live/connection/deferrable-lane';
import { HostPresence } from './live/presence/host-presence';
import { RoomMediaHttpController } from './http/rooms/room-media.http-controller';
import { DynamicModule, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AccessTokens } from './auth/access-tokens';
import { AdminGuard } from './auth/admin.guard';
import {
  AUDIO_RATE_LIMITS,
  IpRateLimiter,
  ROOM_CREATE_LIMITER,
  ROOM_CREATE_RATE_LIMIT,
  SUMMARY_RATE_LIMITS,
  TRANSCRIPT_RATE_LIMITS,
  QUESTION_RATE_LIMITS,
  VOTE_RATE_LIMITS,
  type RateLimitKind,
} from './auth/ip-rate-limiter';
import {
  AUDIO_LIMITERS,
  QUESTION_LIMITERS,
  SUMMARY_LIMITERS,
  TRANSCRIPT_LIMITERS,
  VOTE_LIMITERS,
  type ViewerCallLimiters,
} from './auth/ip-rate-limiter.guard';
import { GATEWAY_ENV, type GatewayConfig } from './gateway.config';
import { glossaryLimiterProvider } from './auth/glossary-rate-limit.guard';
import { AdminHttpController } from './http/admin/admin.http-controller';
import { AdminAnalyticsHttpController, RoomAnalyticsHttpController } from './http/analytics/analytics.http-controller';
import { SystemHealthCheck } from './http/admin/system-health';
import { AuthHttpController } from './http/auth/auth.http-controller';
import { ApiExceptionFilter } from './http/pipeline/api-exception.filter';
import { ConfigHttpController } from './http/config/config.http-controller';
import { ApiDocsHttpController } from './http/openapi/api-docs.http-controller';
import { GlossaryHttpController } from './http/glossary/glossary.http-controller';
import { IngestHttpController } from './http/ingest/ingest.http-controller';
import { OwnerRoomsHttpController } from './http/rooms/owner-rooms.http-controller';
import { QuestionsHttpController } from './http/questions/questions.http-controller';
import { RoomsHttpController } from './http/rooms/rooms.http-controller';
import { SpeakHttpController } from './http/speakers/speak.http-controller';
import { SpeakersHttpController } from './http/speakers/speakers.http-controller';
import { TranscriptsHttpController } from './http/transcripts/transcripts.http-controller';
import { TranscriptExports } from './http/transcripts/transcript-exports';
import { ViewerTranscriptsHttpController } from './http/transcripts/viewer-transcripts.http-controller';
import { LiveBusController } from './live/rooms/live-bus.controller';
import { JoinedViewers } from './live/rooms/joined-viewers';
import { LiveRooms } from './live/rooms/live-rooms';
import { LiveGateway } from './live/connection/live.gateway';
import { AudioGateway } from './audio/audio.gateway';
import { LiveService } from './live/join/live.service';
import { QuotaState } from './live/join/quota-state';
import { SpeakerPresence } from './live/presence/speaker-presence';
import { webAppModules } from './web-app';
import { AccountArchiveHttpController } from './http/account-archive/account-archive.http-controller';
import { AccountArchive } from './http/account-archive/account-archive.service';

type LimiterKinds = Record<'client' | 'room' | 'address', RateLimitKind>;

async function viewerCallLimiters(config: GatewayConfig, kinds: LimiterKinds): Promise<ViewerCallLimiters & OnApplicationShutdown> {
  const limiters = await Promise.all([kinds.client, kinds.room, kinds.address].map((k) => IpRateLimiter.create(config, k)));
  const [client, room, address] = limiters;
  return {
    client,
    room,
    address,
    onApplicationShutdown: async () => void (await Promise.all(limiters.map((l) => l.onApplicationShutdown()))),
  };
}

/** The gateway: HTTP API under /api (documented at /api/docs), the /ws socket and its fan-out. Needs BusModule from the composition root. */
@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: webAppModules(config.WEB_DIST),
      controllers: [
        RoomsHttpController,
        OwnerRoomsHttpController,
        SpeakersHttpController,
        GlossaryHttpController,
        IngestHttpController,
        QuestionsHttpController,
        RoomAnalyticsHttpController,
        AdminAnalyticsHttpController,
        SpeakHttpController,
        TranscriptsHttpController,
        ViewerTranscriptsHttpController,
        AdminHttpController,
        RoomMediaHttpController,
        AuthHttpController,
        ConfigHttpController,
        ApiDocsHttpController,
        LiveBusController,
        AccountArchiveHttpController,
      ],
      providers: [
        { provide: GATEWAY_ENV, useValue: config },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        AccessTokens,
        { provide: IpRateLimiter, inject: [GATEWAY_ENV], useFactory: (c: GatewayConfig) => IpRateLimiter.create(c) },
        {
          provide: ROOM_CREATE_LIMITER,
          inject: [GATEWAY_ENV],
          useFactory: (c: GatewayConfig) => IpRateLimiter.create(c, ROOM_CREATE_RATE_LIMIT),
        },
        { provide: SUMMARY_LIMITERS, inject: [GATEWAY_ENV], useFactory: (c: GatewayConfig) => viewerCallLimiters(c, SUMMARY_RATE_LIMITS) },
        { provide: AUDIO_LIMITERS, inject: [GATEWAY_ENV], useFactory: (c: GatewayConfig) => viewerCallLimiters(c, AUDIO_RATE_LIMITS) },
        glossaryLimiterProvider,
        {
          provide: TRANSCRIPT_LIMITERS,
          inject: [GATEWAY_ENV],
          useFactory: (c: GatewayConfig) => viewerCallLimiters(c, TRANSCRIPT_RATE_LIMITS),
        },
        {
          provide: QUESTION_LIMITERS,
          inject: [GATEWAY_ENV],
          useFactory: (c: GatewayConfig) => viewerCallLimiters(c, QUESTION_RATE_LIMITS),
        },
        { provide: VOTE_LIMITERS, inject: [GATEWAY_ENV], useFactory: (c: GatewayConfig) => viewerCallLimiters(c, VOTE_RATE_LIMITS) },
        AdminGuard,
        SummaryCoalescer,
        { provide: DeferrableLane, useFactory: () => new DeferrableLane() },
        LiveSummaries,
        TranscriptExports,
        AccountArchive,
        SystemHealthCheck,
        HostPresence,
        LiveRooms,
        JoinedViewers,
        QuotaState,
        LiveService,
        SpeakerPresence,
        LiveGateway,
        AudioGateway,
      ],
    };
  }
}
