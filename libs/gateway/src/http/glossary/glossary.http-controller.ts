import { Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import {
  ASR_SUBJECTS,
  GLOSSARY_REVISION,
  GLOSSARY_SUBJECTS,
  glossaryReplaceBodySchema,
  glossaryReviseBodySchema,
  REVISION_SUBJECTS,
  roomIdParamsSchema,
  type HostAccess,
  type GlossaryEntry,
  type GlossaryResponse,
  type GlossaryReviseBody,
  type GlossaryRevisionResponse,
  type GlossaryVocabularyResponse,
  type RoomGlossary,
  type RoomIdParams,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { Access, HostAccessGuard } from '../../auth/host-access.guard';
import { GlossaryRateLimitGuard } from '../../auth/glossary-rate-limit.guard';
import { ValidBody, ValidParams } from '../pipeline/valid-input';

const toResponse = (g: RoomGlossary): GlossaryResponse => ({ room_id: g.roomId, version: g.version, entries: g.entries });
/** The recognition service answers from a cache; the glossary editor must not wait on one that is away. */
const VOCABULARY_TIMEOUT_MS = 2_000;

/**
 * A room's glossary, for its owner (the dashboard, with the session) or whoever holds its host key (the host
 * page, in the `X-Host-Key` header). rooms-svc checks either against the room on every call.
 */
@Controller('api')
@UseGuards(HostAccessGuard)
export class GlossaryHttpController {
  constructor(private readonly bus: Bus) {}

  @Get('rooms/:roomId/glossary')
  async get(@ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams, @Access() access: HostAccess): Promise<GlossaryResponse> {
    return toResponse(await this.bus.request(GLOSSARY_SUBJECTS.read, { roomId, access }));
  }

  @Put('rooms/:roomId/glossary')
  @UseGuards(GlossaryRateLimitGuard)
  async replace(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidBody(glossaryReplaceBodySchema) entries: GlossaryEntry[],
    @Access() access: HostAccess,
  ): Promise<GlossaryResponse> {
    return toResponse(await this.bus.request(GLOSSARY_SUBJECTS.replace, { roomId, access, entries }));
  }

  /** The room's last lines translated again with the glossary as it is now; viewers see them replaced. */
  @Post('rooms/:roomId/glossary/revise')
  @UseGuards(GlossaryRateLimitGuard)
  @HttpCode(200)
  async revise(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidBody(glossaryReviseBodySchema, { optional: true }) { lines }: GlossaryReviseBody,
    @Access() access: HostAccess,
  ): Promise<GlossaryRevisionResponse> {
    // Reading the glossary checks the caller against the room (and gives the version to translate with).
    const { version } = await this.bus.request(GLOSSARY_SUBJECTS.read, { roomId, access });
    const done = await this.bus.request(
      REVISION_SUBJECTS.revise,
      { roomId, lines, glossaryVersion: version },
      { timeoutMs: GLOSSARY_REVISION.timeoutMs },
    );
    const { glossaryVersion, ...counts } = done;
    return { room_id: roomId, glossary_version: glossaryVersion, ...counts };
  }

  /** The terms the room's speech recogniser is given (none when speech is recognised in browsers only). */
  @Get('rooms/:roomId/glossary/vocabulary')
  async vocabulary(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @Access() access: HostAccess,
  ): Promise<GlossaryVocabularyResponse> {
    // Reading the glossary checks the caller against the room.
    await this.bus.request(GLOSSARY_SUBJECTS.read, { roomId, access });
    const vocabulary = await this.bus
      .request(ASR_SUBJECTS.vocabulary, { roomId }, { timeoutMs: VOCABULARY_TIMEOUT_MS })
      .catch(() => ({ provider: null, sent: [], omitted: 0, limit: 0 }));
    if (!vocabulary.provider) return { room_id: roomId, provider: null, sent: [], omitted: 0, limit: 0 };
    return { room_id: roomId, ...vocabulary };
  }
}
