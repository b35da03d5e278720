import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  createSpeakerBodySchema,
  roomIdSchema,
  SPEAKERS_SUBJECTS,
  speakerParamsSchema,
  type CreateSpeakerResponse,
  type SpeakerListResponse,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { AuthGuard } from '../auth/auth.guard';
import { Caller } from '../auth/caller.decorator';
import { GATEWAY_ENV, type GatewayConfig } from '../gateway.config';
import { publicOrigin } from './public-origin';

/** The owner's Manage Speakers panel (signed in); rooms-svc answers room_not_found for a room the caller does not own. */
@Controller('api')
@UseGuards(AuthGuard)
export class SpeakersHttpController {
  constructor(
    private readonly bus: Bus,
    @Inject(GATEWAY_ENV) private readonly config: GatewayConfig,
  ) {}

  @Get('rooms/:roomId/speakers')
  async list(@Param('roomId') roomId: string, @Caller() caller: Caller): Promise<SpeakerListResponse> {
    const speakers = await this.bus.request(SPEAKERS_SUBJECTS.list, { roomId: roomIdSchema.parse(roomId), ownerId: caller.userId });
    return { speakers };
  }

  @Post('rooms/:roomId/speakers')
  @HttpCode(201)
  invite(@Param('roomId') roomId: string, @Body() body: unknown, @Caller() caller: Caller, @Req() req: Request): Promise<CreateSpeakerResponse> {
    const id = roomIdSchema.parse(roomId);
    const { name } = createSpeakerBodySchema.parse(body);
    return this.bus.request(SPEAKERS_SUBJECTS.invite, { roomId: id, ownerId: caller.userId, name, origin: publicOrigin(req, this.config) });
  }

  @Delete('rooms/:roomId/speakers/:speakerId')
  @HttpCode(204)
  async remove(@Param() params: unknown, @Caller() caller: Caller): Promise<void> {
    const { roomId, speakerId } = speakerParamsSchema.parse(params);
    await this.bus.request(SPEAKERS_SUBJECTS.remove, { roomId, ownerId: caller.userId, speakerId });
  }
}
