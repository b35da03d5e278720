import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  claimRoomBodySchema,
  listRoomsQuerySchema,
  roomIdSchema,
  ROOMS_SUBJECTS,
  updateRoomBodySchema,
  type RoomListResponse,
  type RoomResponse,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { AuthGuard } from '../auth/auth.guard';
import { Caller } from '../auth/caller.decorator';
import { GATEWAY_ENV, type GatewayConfig } from '../gateway.config';
import { publicOrigin } from './public-origin';

/**
 * The owner's rooms (`/api/rooms…`, signed in). The owner is the verified caller, never a field of the
 * request; rooms-svc answers room_not_found (404) for any room the caller does not own.
 */
@Controller('api')
@UseGuards(AuthGuard)
export class OwnerRoomsHttpController {
  constructor(
    private readonly bus: Bus,
    @Inject(GATEWAY_ENV) private readonly config: GatewayConfig,
  ) {}

  @Get('rooms')
  async list(@Query() query: unknown, @Caller() caller: Caller): Promise<RoomListResponse> {
    const { status, order, limit } = listRoomsQuerySchema.parse(query);
    const rooms = await this.bus.request(ROOMS_SUBJECTS.listOwned, { ownerId: caller.userId, statuses: status, order, limit });
    return { rooms };
  }

  @Get('rooms/:roomId')
  get(@Param('roomId') roomId: string, @Caller() caller: Caller): Promise<RoomResponse> {
    return this.bus.request(ROOMS_SUBJECTS.getOwned, { roomId: roomIdSchema.parse(roomId), ownerId: caller.userId });
  }

  @Patch('rooms/:roomId')
  update(@Param('roomId') roomId: string, @Body() body: unknown, @Caller() caller: Caller): Promise<RoomResponse> {
    const id = roomIdSchema.parse(roomId);
    return this.bus.request(ROOMS_SUBJECTS.updateOwned, { roomId: id, ownerId: caller.userId, changes: updateRoomBodySchema.parse(body) });
  }

  @Delete('rooms/:roomId')
  @HttpCode(204)
  async delete(@Param('roomId') roomId: string, @Caller() caller: Caller): Promise<void> {
    await this.bus.request(ROOMS_SUBJECTS.deleteOwned, { roomId: roomIdSchema.parse(roomId), ownerId: caller.userId });
  }

  @Post('rooms/:roomId/duplicate')
  @HttpCode(201)
  duplicate(@Param('roomId') roomId: string, @Caller() caller: Caller, @Req() req: Request): Promise<RoomResponse> {
    return this.bus.request(ROOMS_SUBJECTS.duplicateOwned, {
      roomId: roomIdSchema.parse(roomId),
      ownerId: caller.userId,
      origin: publicOrigin(req, this.config),
    });
  }

  @Post('rooms/:roomId/start')
  @HttpCode(200)
  start(@Param('roomId') roomId: string, @Caller() caller: Caller): Promise<RoomResponse> {
    return this.bus.request(ROOMS_SUBJECTS.setOwnedStatus, { roomId: roomIdSchema.parse(roomId), ownerId: caller.userId, status: 'active' });
  }

  @Post('rooms/:roomId/end')
  @HttpCode(200)
  end(@Param('roomId') roomId: string, @Caller() caller: Caller): Promise<RoomResponse> {
    return this.bus.request(ROOMS_SUBJECTS.setOwnedStatus, { roomId: roomIdSchema.parse(roomId), ownerId: caller.userId, status: 'ended' });
  }

  /** Only with the host key of an anonymous room: a wrong key, or an owned room, is a room the caller cannot see. */
  @Post('rooms/:roomId/claim')
  @HttpCode(200)
  claim(@Param('roomId') roomId: string, @Body() body: unknown, @Caller() caller: Caller): Promise<RoomResponse> {
    const { hostKey } = claimRoomBodySchema.parse(body);
    return this.bus.request(ROOMS_SUBJECTS.claim, { roomId: roomIdSchema.parse(roomId), userId: caller.userId, hostKey });
  }
}
