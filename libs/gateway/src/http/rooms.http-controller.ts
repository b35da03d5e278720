import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import {
  createRoomBodySchema,
  ROOMS_SUBJECTS,
  type CreateRoomRequest,
  type CreateRoomResponse,
  type GetRoomRequest,
  type PublicRoomResponse,
  type RoomState,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { AccessTokens } from '../auth/access-tokens';
import { GATEWAY_ENV, type GatewayConfig } from '../gateway.config';
import { publicOrigin } from './public-origin';

const roomIdSchema = z.string().uuid('Room id must be a uuid');

@Controller('api')
export class RoomsHttpController {
  constructor(
    private readonly bus: Bus,
    private readonly tokens: AccessTokens,
    @Inject(GATEWAY_ENV) private readonly config: GatewayConfig,
  ) {}

  /** Anyone may create a room; a signed-in caller owns it. The host key in the answer is never shown again. */
  @Post('rooms')
  @HttpCode(201)
  async create(@Body() body: unknown, @Req() req: Request): Promise<CreateRoomResponse> {
    const input = createRoomBodySchema.parse(body ?? {});
    const authorization = req.get('authorization');
    const owner = authorization ? await this.tokens.fromHeader(authorization) : null;
    return this.bus.request<CreateRoomResponse, CreateRoomRequest>(ROOMS_SUBJECTS.createRoom, {
      name: input.name,
      ownerId: owner?.userId ?? null,
      origin: publicOrigin(req, this.config),
    });
  }

  /** What the viewer link may know of a room. */
  @Get('view/:roomId')
  async view(@Param('roomId') roomId: string): Promise<PublicRoomResponse> {
    const { room } = await this.bus.request<RoomState, GetRoomRequest>(ROOMS_SUBJECTS.getRoom, {
      roomId: roomIdSchema.parse(roomId),
    });
    return { id: room.id, name: room.name, status: room.status, source_language: room.source_language };
  }
}
