import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { roomIdSchema, transcriptExportQuerySchema, type TranscriptFormat, type TranscriptResponse } from '@lt/contracts';
import { AuthGuard } from '../auth/auth.guard';
import { Caller } from '../auth/caller.decorator';
import { TranscriptExports } from './transcripts/transcript-exports';

/** A room's transcript for its owner: as JSON for the History modal, and as files (spec §9, subtitles). */
@Controller('api')
@UseGuards(AuthGuard)
export class TranscriptsHttpController {
  constructor(private readonly exports: TranscriptExports) {}

  @Get('rooms/:roomId/transcript')
  transcript(@Param('roomId') roomId: string, @Caller() caller: Caller): Promise<TranscriptResponse> {
    return this.exports.transcript(roomIdSchema.parse(roomId), caller.userId);
  }

  @Get('rooms/:roomId/transcript.txt')
  txt(@Param('roomId') roomId: string, @Query() query: unknown, @Caller() caller: Caller, @Res({ passthrough: true }) res: Response) {
    return this.send('txt', roomId, query, caller, res);
  }

  @Get('rooms/:roomId/transcript.srt')
  srt(@Param('roomId') roomId: string, @Query() query: unknown, @Caller() caller: Caller, @Res({ passthrough: true }) res: Response) {
    return this.send('srt', roomId, query, caller, res);
  }

  @Get('rooms/:roomId/transcript.vtt')
  vtt(@Param('roomId') roomId: string, @Query() query: unknown, @Caller() caller: Caller, @Res({ passthrough: true }) res: Response) {
    return this.send('vtt', roomId, query, caller, res);
  }

  private async send(format: TranscriptFormat, roomId: string, query: unknown, caller: Caller, res: Response): Promise<string> {
    const file = await this.exports.export(roomIdSchema.parse(roomId), caller.userId, format, transcriptExportQuerySchema.parse(query));
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    return file.body;
  }
}
