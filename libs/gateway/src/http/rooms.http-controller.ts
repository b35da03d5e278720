import { Body, Controller, Get, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  createOwnedRoomBodySchema,
  createRoomBodySchema,
  roomIdParamsSchema,
  ROOMS_SUBJECTS,
  type CreateRoomRequest,
  type CreateRoomResponse,
  type PublicRoomResponse,
  type RoomIdParams,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { OptionalAuthGuard } from '../auth/auth.guard';
import { RoomCreateRateLimitGuard } from '../auth/ip-rate-limiter.guard';
import { Caller } from '../auth/caller.decorator';
import { GATEWAY_ENV, type GatewayConfig } from '../gateway.config';
import { publicOrigin } from './public-origin';
import { ValidParams } from './valid-input';

/**
 * The landing page sends at most a name; the dashboard's create form (signed in) sends the rest. A body with
 * anything but `name` is the form, so a mistake in it is reported against the form's fields. Which schema
 * applies depends on the caller, which a pipe cannot see: this is the one body parsed in its handler.
 */
function creationOf(body: unknown, owner: Caller | null): Omit<CreateRoomRequest, 'origin'> {
  const fields = body && typeof body === 'object' ? Object.keys(body) : [];
  if (!owner || fields.every((f) => f === 'name')) {
    return { name: createRoomBodySchema.parse(body ?? {}).name, ownerId: owner?.userId ?? null };
  }
  const form = createOwnedRoomBodySchema.parse(body);
  return {
    name: form.name,
    ownerId: owner.userId,
    sourceLanguage: form.source_language ?? null,
    scheduledAt: form.scheduled_at ?? null,
    durationMinutes: form.duration_minutes,
    viewerDownloads: form.viewer_downloads,
    retention: form.retention,
    fastCaptions: form.fast_captions,
    questionsEnabled: form.questions_enabled,
    invitedHosts: form.invited_hosts,
  };
}

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
  create(@Body() body: unknown, @Caller() owner: Caller | null, @Req() req: Request): Promise<CreateRoomResponse> {
    return this.bus.request(ROOMS_SUBJECTS.createRoom, { ...creationOf(body, owner), origin: publicOrigin(req, this.config) });
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
