import { Controller, Delete, Get, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  createSpeakerBodySchema,
  roomIdParamsSchema,
  SPEAKERS_SUBJECTS,
  speakerParamsSchema,
  type CreateSpeakerBody,
  type CreateSpeakerResponse,
  type RoomIdParams,
  type SpeakerParams,
  type SpeakerListResponse,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { AuthGuard } from '../../auth/auth.guard';
import { Caller } from '../../auth/caller.decorator';
import { GATEWAY_ENV, type GatewayConfig } from '../../gateway.config';
import { publicOrigin } from '../pipeline/public-origin';
import { ValidBody, ValidParams } from '../pipeline/valid-input';

/** The owner's Manage Speakers panel (signed in); rooms-svc answers room_not_found for a room the caller does not own. */
@Controller('api')
@UseGuards(AuthGuard)
export class SpeakersHttpController {
  constructor(
    private readonly bus: Bus,
    @Inject(GATEWAY_ENV) private readonly config: GatewayConfig,
  ) {}

  @Get('rooms/:roomId/speakers')
  async list(@ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams, @Caller() caller: Caller): Promise<SpeakerListResponse> {
    const speakers = await this.bus.request(SPEAKERS_SUBJECTS.list, { roomId, ownerId: caller.userId });
    return { speakers };
  }

  @Post('rooms/:roomId/speakers')
  @HttpCode(201)
  invite(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidBody(createSpeakerBodySchema) { name }: CreateSpeakerBody,
    @Caller() caller: Caller,
    @Req() req: Request,
  ): Promise<CreateSpeakerResponse> {
    return this.bus.request(SPEAKERS_SUBJECTS.invite, { roomId, ownerId: caller.userId, name, origin: publicOrigin(req, this.config) });
  }

  @Delete('rooms/:roomId/speakers/:speakerId')
  @HttpCode(204)
  async remove(@ValidParams(speakerParamsSchema) { roomId, speakerId }: SpeakerParams, @Caller() caller: Caller): Promise<void> {
    await this.bus.request(SPEAKERS_SUBJECTS.remove, { roomId, ownerId: caller.userId, speakerId });
  }
}
