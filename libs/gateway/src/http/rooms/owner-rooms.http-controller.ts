import { Controller, Delete, Get, HttpCode, Inject, Patch, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  claimRoomBodySchema,
  listRoomsQuerySchema,
  roomIdParamsSchema,
  ROOMS_SUBJECTS,
  updateRoomBodySchema,
  type ClaimRoomBody,
  type ListRoomsQuery,
  type RoomIdParams,
  type UpdateRoomBody,
  type RoomListResponse,
  type RoomResponse,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { AuthGuard } from '../../auth/auth.guard';
import { Caller } from '../../auth/caller.decorator';
import { GATEWAY_ENV, type GatewayConfig } from '../../gateway.config';
import { publicOrigin } from '../pipeline/public-origin';
import { ValidBody, ValidParams, ValidQuery } from '../pipeline/valid-input';

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
  list(@ValidQuery(listRoomsQuerySchema) { status, order, limit }: ListRoomsQuery, @Caller() caller: Caller): Promise<RoomListResponse> {
    return this.bus.request(ROOMS_SUBJECTS.listOwned, { ownerId: caller.userId, statuses: status, order, limit });
  }

  @Get('rooms/:roomId')
  get(@ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams, @Caller() caller: Caller): Promise<RoomResponse> {
    return this.bus.request(ROOMS_SUBJECTS.getOwned, { roomId, ownerId: caller.userId });
  }

  @Patch('rooms/:roomId')
  update(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidBody(updateRoomBodySchema) changes: UpdateRoomBody,
    @Caller() caller: Caller,
  ): Promise<RoomResponse> {
    return this.bus.request(ROOMS_SUBJECTS.updateOwned, { roomId, ownerId: caller.userId, changes });
  }

  @Delete('rooms/:roomId')
  @HttpCode(204)
  async delete(@ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams, @Caller() caller: Caller): Promise<void> {
    await this.bus.request(ROOMS_SUBJECTS.deleteOwned, { roomId, ownerId: caller.userId });
  }

  @Post('rooms/:roomId/duplicate')
  @HttpCode(201)
  duplicate(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @Caller() caller: Caller,
    @Req() req: Request,
  ): Promise<RoomResponse> {
    return this.bus.request(ROOMS_SUBJECTS.duplicateOwned, {
      roomId: roomId,
      ownerId: caller.userId,
      origin: publicOrigin(req, this.config),
    });
  }

  @Post('rooms/:roomId/start')
  @HttpCode(200)
  start(@ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams, @Caller() caller: Caller): Promise<RoomResponse> {
    return this.bus.request(ROOMS_SUBJECTS.setOwnedStatus, { roomId: roomId, ownerId: caller.userId, status: 'active' });
  }

  @Post('rooms/:roomId/end')
  @HttpCode(200)
  end(@ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams, @Caller() caller: Caller): Promise<RoomResponse> {
    return this.bus.request(ROOMS_SUBJECTS.setOwnedStatus, { roomId: roomId, ownerId: caller.userId, status: 'ended' });
  }

  /** Only with the host key of an anonymous room: a wrong key, or an owned room, is a room the caller cannot see. */
  @Post('rooms/:roomId/claim')
  @HttpCode(200)
  claim(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidBody(claimRoomBodySchema) { hostKey }: ClaimRoomBody,
    @Caller() caller: Caller,
  ): Promise<RoomResponse> {
    return this.bus.request(ROOMS_SUBJECTS.claim, { roomId: roomId, userId: caller.userId, hostKey });
  }
}
