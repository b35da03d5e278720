import { Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  roomIdParamsSchema,
  roomIdSchema,
  SPEECH_SUBJECTS,
  speechRequestSchema,
  summaryBodySchema,
  type RoomIdParams,
  type SummaryBody,
  type SummaryResponse,
} from '@lt/contracts';
import { z } from 'zod';
import { Bus } from '@lt/platform';
import { AudioRateLimitGuard, SummaryRateLimitGuard } from '../auth/ip-rate-limiter.guard';
import { SummaryCoalescer } from './summary-coalescer';
import { ValidBody, ValidParams, ValidQuery } from './valid-input';

const audioQuerySchema = speechRequestSchema.pick({ lang: true }).strict();
const audioParamsSchema = z.object({ roomId: roomIdSchema, messageId: speechRequestSchema.shape.messageId });
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
  @UseGuards(AudioRateLimitGuard)
  async audio(
    @ValidParams(audioParamsSchema) params: z.output<typeof audioParamsSchema>,
    @ValidQuery(audioQuerySchema) query: z.output<typeof audioQuerySchema>,
    @Res() res: Response,
  ): Promise<void> {
    const request = { ...params, ...query };
    // A sentence's synthesis may retry the provider a few times before it answers.
    const speech = await this.bus.request(SPEECH_SUBJECTS.speak, request, { timeoutMs: 30_000 });
    const audio = Buffer.from(speech.audio, 'base64');
    res
      .status(200)
      .set({ 'Content-Type': speech.mime, 'Content-Length': String(audio.length), 'Cache-Control': AUDIO_CACHE })
      .end(audio);
  }

  @Post('rooms/:roomId/summary')
  @HttpCode(200)
  @UseGuards(SummaryRateLimitGuard)
  summary(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidBody(summaryBodySchema, { optional: true }) body: SummaryBody,
  ): Promise<SummaryResponse> {
    return this.summaries.summarize({ roomId, ...body });
  }
}
