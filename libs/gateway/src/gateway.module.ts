import { SummaryCoalescer } from './http/summary-coalescer';
import { HostPresence } from './live/host-presence';
import { RoomMediaHttpController } from './http/room-media.http-controller';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AccessTokens } from './auth/access-tokens';
import { AdminGuard } from './auth/admin.guard';
import { IpRateLimiter, ROOM_CREATE_LIMITER, ROOM_CREATE_RATE_LIMIT, SUMMARY_LIMITER, SUMMARY_RATE_LIMIT } from './auth/ip-rate-limiter';
import { GATEWAY_ENV, type GatewayConfig } from './gateway.config';
import { AdminHttpController } from './http/admin/admin.http-controller';
import { SystemHealthCheck } from './http/admin/system-health';
import { AuthHttpController } from './http/auth.http-controller';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { ConfigHttpController } from './http/config.http-controller';
import { ApiDocsHttpController } from './http/openapi/api-docs.http-controller';
import { OwnerRoomsHttpController } from './http/owner-rooms.http-controller';
import { RoomsHttpController } from './http/rooms.http-controller';
import { SpeakHttpController } from './http/speak.http-controller';
import { SpeakersHttpController } from './http/speakers.http-controller';
import { TranscriptsHttpController } from './http/transcripts.http-controller';
import { TranscriptExports } from './http/transcripts/transcript-exports';
import { LiveBusController } from './live/live-bus.controller';
import { LiveRooms } from './live/live-rooms';
import { LiveGateway } from './live/live.gateway';
import { LiveService } from './live/live.service';
import { SpeakerPresence } from './live/speaker-presence';
import { webAppModules } from './web-app';

/** The gateway: HTTP API under /api (documented at /api/docs), the /ws socket and its fan-out. Needs BusModule from the composition root. */
@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: webAppModules(config.webDist),
      controllers: [
        RoomsHttpController,
        OwnerRoomsHttpController,
        SpeakersHttpController,
        SpeakHttpController,
        TranscriptsHttpController,
        AdminHttpController,
        RoomMediaHttpController,
        AuthHttpController,
        ConfigHttpController,
        ApiDocsHttpController,
        LiveBusController,
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
        { provide: SUMMARY_LIMITER, inject: [GATEWAY_ENV], useFactory: (c: GatewayConfig) => IpRateLimiter.create(c, SUMMARY_RATE_LIMIT) },
        AdminGuard,
        SummaryCoalescer,
        TranscriptExports,
        SystemHealthCheck,
        HostPresence,
        LiveRooms,
        LiveService,
        SpeakerPresence,
        LiveGateway,
      ],
    };
  }
}
