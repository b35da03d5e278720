import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  roomIdParamsSchema,
  transcriptExportQuerySchema,
  type RoomIdParams,
  type TranscriptExportQuery,
  type TranscriptFormat,
  type TranscriptResponse,
} from '@lt/contracts';
import { AuthGuard } from '../../auth/auth.guard';
import { Caller } from '../../auth/caller.decorator';
import { attachment, TranscriptExports } from './transcript-exports';
import { ValidParams, ValidQuery } from '../pipeline/valid-input';

/** A room's transcript for its owner: as JSON for the History modal, and as files (plain text and subtitles). */
@Controller('api')
@UseGuards(AuthGuard)
export class TranscriptsHttpController {
  constructor(private readonly exports: TranscriptExports) {}

  @Get('rooms/:roomId/transcript')
  transcript(@ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams, @Caller() caller: Caller): Promise<TranscriptResponse> {
    return this.exports.transcript(roomId, caller.userId);
  }

  @Get('rooms/:roomId/transcript.txt')
  txt(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidQuery(transcriptExportQuerySchema) query: TranscriptExportQuery,
    @Caller() caller: Caller,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.send('txt', roomId, query, caller, res);
  }

  @Get('rooms/:roomId/transcript.srt')
  srt(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidQuery(transcriptExportQuerySchema) query: TranscriptExportQuery,
    @Caller() caller: Caller,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.send('srt', roomId, query, caller, res);
  }

  @Get('rooms/:roomId/transcript.vtt')
  vtt(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidQuery(transcriptExportQuerySchema) query: TranscriptExportQuery,
    @Caller() caller: Caller,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.send('vtt', roomId, query, caller, res);
  }

  private async send(
    format: TranscriptFormat,
    roomId: string,
    query: TranscriptExportQuery,
    caller: Caller,
    res: Response,
  ): Promise<string> {
    return attachment(res, await this.exports.export(roomId, caller.userId, format, query));
  }
}
