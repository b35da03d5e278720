import { Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  roomIdParamsSchema,
  roomIdSchema,
  SPEECH_SUBJECTS,
  speechRequestSchema,
  summaryBodySchema,
  summaryQuerySchema,
  type RoomIdParams,
  type SummaryBody,
  type SummaryResponse,
} from '@lt/contracts';
import { z } from 'zod';
import { Bus } from '@lt/platform';
import { AudioRateLimitGuard, SummaryRateLimitGuard } from '../../auth/ip-rate-limiter.guard';
import { SummaryCoalescer } from '../../summary/summary-coalescer';
import { ValidBody, ValidParams, ValidQuery } from '../pipeline/valid-input';

const audioQuerySchema = speechRequestSchema.pick({ lang: true }).strict();
const audioParamsSchema = z.object({ roomId: roomIdSchema, messageId: speechRequestSchema.shape.messageId });
/** The audio of a (message, language) never changes once made: browsers and proxies may keep it. */
const AUDIO_CACHE = 'public, max-age=86400, immutable';
/**
 * A summary changes only with the transcript: shared caches (the ingress, a CDN) may answer the same URL for a
 * few seconds, then ask again with the ETag express gives every JSON answer (304 when it is still current).
 */
const SUMMARY_CACHE = 'public, max-age=5, stale-while-revalidate=5';

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

  @Get('rooms/:roomId/summary')
  @UseGuards(SummaryRateLimitGuard)
  summaryOf(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidQuery(summaryQuerySchema) query: z.output<typeof summaryQuerySchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SummaryResponse> {
    return cacheable(res, this.summaries.summarize({ roomId, ...query }));
  }

  @Post('rooms/:roomId/summary')
  @HttpCode(200)
  @UseGuards(SummaryRateLimitGuard)
  summary(
    @ValidParams(roomIdParamsSchema) { roomId }: RoomIdParams,
    @ValidBody(summaryBodySchema, { optional: true }) body: SummaryBody,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SummaryResponse> {
    return cacheable(res, this.summaries.summarize({ roomId, ...body }));
  }
}

/** Only a summary is kept by caches, never a refusal: the header goes on once the answer is there. */
async function cacheable(res: Response, answer: Promise<SummaryResponse>): Promise<SummaryResponse> {
  const summary = await answer;
  res.setHeader('Cache-Control', SUMMARY_CACHE);
  return summary;
}
