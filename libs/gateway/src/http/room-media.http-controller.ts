import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { roomIdSchema, SPEECH_SUBJECTS, speechRequestSchema, summaryBodySchema, type SummaryResponse } from '@lt/contracts';
import { Bus } from '@lt/platform';
import { SummaryRateLimitGuard } from '../auth/ip-rate-limiter.guard';
import { SummaryCoalescer } from './summary-coalescer';

const audioQuerySchema = speechRequestSchema.pick({ lang: true }).strict();
const messageIdSchema = speechRequestSchema.shape.messageId;
/** The audio of a (message, language) never changes once made: browsers and proxies may keep it. */
const AUDIO_CACHE = 'public, max-age=86400, immutable';

/**
 * What a viewer may ask of a room it holds the link of: a message read aloud, and a summary in its language.
 * Both are made at most once per (message or transcript version, language) however many ask.
 */
@Controller('api')
export class RoomMediaHttpController {
  constructor(
    private readonly bus: Bus,
    private readonly summaries: SummaryCoalescer,
  ) {}

  @Get('rooms/:roomId/messages/:messageId/audio')
  async audio(@Param('roomId') roomId: string, @Param('messageId') messageId: string, @Query() query: unknown, @Res() res: Response): Promise<void> {
    const request = { roomId: roomIdSchema.parse(roomId), messageId: z.string().pipe(messageIdSchema).parse(messageId), ...audioQuerySchema.parse(query) };
    // A sentence's synthesis may retry the provider a few times before it answers.
    const speech = await this.bus.request(SPEECH_SUBJECTS.speak, request, { timeoutMs: 30_000 });
    const audio = Buffer.from(speech.audio, 'base64');
    res.status(200).set({ 'Content-Type': speech.mime, 'Content-Length': String(audio.length), 'Cache-Control': AUDIO_CACHE }).end(audio);
  }

  @Post('rooms/:roomId/summary')
  @HttpCode(200)
  @UseGuards(SummaryRateLimitGuard)
  summary(@Param('roomId') roomId: string, @Body() body: unknown): Promise<SummaryResponse> {
    return this.summaries.summarize({ roomId: roomIdSchema.parse(roomId), ...summaryBodySchema.parse(body ?? {}) });
  }
}
