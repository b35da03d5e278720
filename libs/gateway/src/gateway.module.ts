import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AccessTokens } from './auth/access-tokens';
import { IpRateLimiter } from './auth/ip-rate-limiter';
import { GATEWAY_ENV, type GatewayConfig } from './gateway.config';
import { AuthHttpController } from './http/auth.http-controller';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { ConfigController } from './http/config.controller';
import { RoomsHttpController } from './http/rooms.http-controller';
import { LiveFramesHandler } from './live/live-frames.handler';
import { LiveRooms } from './live/live-rooms';
import { LiveGateway } from './live/live.gateway';

/** The gateway: HTTP API under /api, the /ws socket and its fan-out. Needs BusModule from the composition root. */
@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [RoomsHttpController, AuthHttpController, ConfigController],
      providers: [
        { provide: GATEWAY_ENV, useValue: config },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        AccessTokens,
        IpRateLimiter,
        LiveRooms,
        LiveFramesHandler,
        LiveGateway,
      ],
    };
  }
}
