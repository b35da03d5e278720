import { Controller, Get, Put, UseGuards } from '@nestjs/common';
import {
  GLOSSARY_SUBJECTS,
  glossaryReplaceBodySchema,
  roomIdParamsSchema,
  type GlossaryAccess,
  type GlossaryEntry,
  type GlossaryResponse,
  type RoomGlossary,
  type RoomIdParams,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { Access, GlossaryAccessGuard } from '../auth/glossary-access.guard';
import { ValidBody, ValidParams } from './valid-input';

const toResponse = (g: RoomGlossary): GlossaryResponse => ({ room_id: g.roomId, version: g.version, entries: g.entries });

/**
 * A room's glossary, for its owner (the dashboard, with the session) or whoever holds its host key (the host
 * page, in the `X-Host-Key` header). rooms-svc checks either against the room on every call.
 */
@Controller('api')
@UseGuards(GlossaryAccessGuard)
export class GlossaryHttpController {
  constructor(private readonly bus: Bus) {}

  @Get('rooms/:roomId/glossary')
  async get(@ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams, @Access() access: GlossaryAccess): Promise<GlossaryResponse> {
    return toResponse(await this.bus.request(GLOSSARY_SUBJECTS.read, { roomId, access }));
  }

  @Put('rooms/:roomId/glossary')
  async replace(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidBody(glossaryReplaceBodySchema) entries: GlossaryEntry[],
    @Access() access: GlossaryAccess,
  ): Promise<GlossaryResponse> {
    return toResponse(await this.bus.request(GLOSSARY_SUBJECTS.replace, { roomId, access, entries }));
  }
}
