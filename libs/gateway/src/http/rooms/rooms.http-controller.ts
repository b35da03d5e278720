import { Controller, Get, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { roomIdParamsSchema, ROOMS_SUBJECTS, type CreateRoomResponse, type PublicRoomResponse, type RoomIdParams } from '@lt/contracts';
import { Bus } from '@lt/platform';
import { OptionalAuthGuard } from '../../auth/auth.guard';
import { RoomCreateRateLimitGuard } from '../../auth/ip-rate-limiter.guard';
import { GATEWAY_ENV, type GatewayConfig } from '../../gateway.config';
import { publicOrigin } from '../pipeline/public-origin';
import { RoomCreationInput, type RoomCreation } from './room-creation';
import { ValidParams } from '../pipeline/valid-input';

@Controller('api')
export class RoomsHttpController {
  constructor(
    private readonly bus: Bus,
    @Inject(GATEWAY_ENV) private readonly config: GatewayConfig,
  ) {}

  /**
   * Anyone may create a room, within a rate per address and per user; a signed-in caller owns it. The host
   * key in the answer is never shown again.
   */
  @Post('rooms')
  @HttpCode(201)
  @UseGuards(OptionalAuthGuard, RoomCreateRateLimitGuard)
  create(@RoomCreationInput() creation: RoomCreation, @Req() req: Request): Promise<CreateRoomResponse> {
    return this.bus.request(ROOMS_SUBJECTS.createRoom, { ...creation, origin: publicOrigin(req, this.config) });
  }

  /** What the viewer link may know of a room. */
  @Get('view/:roomId')
  async view(@ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams): Promise<PublicRoomResponse> {
    const { room } = await this.bus.request(ROOMS_SUBJECTS.getRoom, { roomId });
    return {
      id: room.id,
      name: room.name,
      status: room.status,
      source_language: room.source_language,
      viewer_downloads: room.viewer_downloads,
      questions_enabled: room.questions_enabled,
    };
  }
}
