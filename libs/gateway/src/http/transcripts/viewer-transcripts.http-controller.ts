import { Controller, createParamDecorator, Get, Res, UseGuards, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  HOST_KEY_HEADER,
  hostKeySchema,
  roomIdParamsSchema,
  RoomsErrorCode,
  textDirection,
  viewerTranscriptQuerySchema,
  type PublicTranscript,
  type RoomIdParams,
  type TranscriptFormat,
  type ViewerTranscriptQuery,
  type ViewerTranscriptResponse,
} from '@lt/contracts';
import { Bus, DomainException } from '@lt/platform';
import { TranscriptRateLimitGuard } from '../../auth/ip-rate-limiter.guard';
import { publicTranscript } from '../bus-pages';
import { attachment, TranscriptExports } from './transcript-exports';
import { ValidParams, ValidQuery } from '../pipeline/valid-input';

/** The `X-Host-Key` header when sent (the host page); a malformed one is a wrong key. */
const HostKey = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined => {
  const key = context.switchToHttp().getRequest<Request>().get(HOST_KEY_HEADER);
  if (key === undefined) return undefined;
  if (!hostKeySchema.safeParse(key).success) throw new DomainException(RoomsErrorCode.InvalidHostKey, 'Invalid host key');
  return key;
});

/**
 * A room's transcript for whoever holds its viewer link, read on the page or downloaded, in a language: what
 * the room stored, with the translations translate-svc keeps (the missing ones made once, as for the owner's
 * export). rooms-svc refuses viewers when the owner turned downloads off; the host key opens it regardless.
 * Limited per client id, per room, and per address when the operator sets a cap.
 */
@Controller('api')
@UseGuards(TranscriptRateLimitGuard)
export class ViewerTranscriptsHttpController {
  constructor(
    private readonly bus: Bus,
    private readonly exports: TranscriptExports,
  ) {}

  @Get('view/:roomId/transcript')
  async read(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidQuery(viewerTranscriptQuerySchema) query: ViewerTranscriptQuery,
    @HostKey() hostKey: string | undefined,
  ): Promise<ViewerTranscriptResponse> {
    const { room, messages } = await this.transcript(roomId, hostKey);
    const texts = await this.exports.textsIn(roomId, messages, query.lang, true);
    return {
      room,
      lang: query.lang ?? null,
      dir: textDirection(query.lang ?? room.source_language),
      lines: messages.map((m, i) => ({
        message_id: m.message_id,
        seq: m.seq,
        timestamp: m.message_timestamp,
        speaker_name: m.speaker_name,
        text: texts[i],
      })),
    };
  }

  @Get('view/:roomId/transcript.txt')
  txt(
    @ValidParams(roomIdParamsSchema) p: RoomIdParams,
    @ValidQuery(viewerTranscriptQuerySchema) q: ViewerTranscriptQuery,
    @HostKey() key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.send('txt', p.roomId, q, key, res);
  }

  @Get('view/:roomId/transcript.srt')
  srt(
    @ValidParams(roomIdParamsSchema) p: RoomIdParams,
    @ValidQuery(viewerTranscriptQuerySchema) q: ViewerTranscriptQuery,
    @HostKey() key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.send('srt', p.roomId, q, key, res);
  }

  @Get('view/:roomId/transcript.vtt')
  vtt(
    @ValidParams(roomIdParamsSchema) p: RoomIdParams,
    @ValidQuery(viewerTranscriptQuerySchema) q: ViewerTranscriptQuery,
    @HostKey() key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.send('vtt', p.roomId, q, key, res);
  }

  private transcript(roomId: string, hostKey: string | undefined): Promise<PublicTranscript> {
    return publicTranscript(this.bus, roomId, hostKey);
  }

  private async send(
    format: TranscriptFormat,
    roomId: string,
    query: ViewerTranscriptQuery,
    hostKey: string | undefined,
    res: Response,
  ): Promise<string> {
    const file = await this.exports.fileOf(roomId, await this.transcript(roomId, hostKey), format, query);
    // The transcript grows while the room is live, and what a host key opened is not for a shared cache.
    res.setHeader('Cache-Control', 'no-store');
    return attachment(res, file);
  }
}
