import { Injectable } from '@nestjs/common';
import {
  LIMITS,
  ORIGINAL_PREFIX,
  ROOMS_SUBJECTS,
  SUMMARY_SEQ_STEP,
  SummaryErrorCode,
  type SummaryRequest,
  type SummaryResponse,
} from '@lt/contracts';
import { Bus, DomainException, productMetrics, SingleFlight } from '@lt/platform';
import { UsageMeter } from '@lt/usage';
import { glossaryPrompt } from '../glossary/glossary-prompt';
import { GlossaryService } from '../glossary/glossary.service';
import { LlmRateLimitedError } from '../llm/deadline';
import { LlmClient } from '../llm/llm.client';
import { TranslationsService } from '../translations/translations.service';
import { SummariesRepository, type SummaryKey } from './summaries.repository';

/** What a summary is made from at most: the latest lines of the span, so a long session costs a bounded call. */
const MAX_INPUT_CHARS = 12_000;

/**
 * Summaries of what was said, in the viewer's language: at most one language-model call per (room,
 * language, span of the transcript). The span ends at the room's latest seq when asked (the transcript
 * version) and starts at 0 or, to catch a viewer up, at its `sinceSeq` rounded down to a multiple of 10;
 * concurrent askers share the call, later ones read it stored.
 */
@Injectable()
export class SummariesService {
  private readonly inflight = new SingleFlight<string, SummaryResponse>();

  constructor(
    private readonly summaries: SummariesRepository,
    private readonly translations: TranslationsService,
    private readonly llm: LlmClient,
    private readonly bus: Bus,
    private readonly meter: UsageMeter,
    private readonly glossaries: GlossaryService,
  ) {}

  async summarize(request: SummaryRequest): Promise<SummaryResponse> {
    if (!this.llm.configured) throw new DomainException(SummaryErrorCode.Unavailable, 'No summary provider is configured');
    const fromSeq = Math.floor((request.sinceSeq ?? 0) / SUMMARY_SEQ_STEP) * SUMMARY_SEQ_STEP;
    // The room's latest seq is the transcript version; an unknown room is refused here (room_not_found).
    const { lastSeq: upToSeq } = await this.bus.request(ROOMS_SUBJECTS.getRoom, { roomId: request.roomId });
    if (upToSeq <= fromSeq) throw new DomainException(SummaryErrorCode.NothingToSummarize, 'No translations to summarize');
    const key: SummaryKey = { roomId: request.roomId, lang: request.lang, fromSeq, upToSeq };
    const id = `${key.roomId}:${key.lang}:${fromSeq}:${upToSeq}`;
    const metrics = productMetrics();
    const stored = await this.summaries.find(key);
    if (stored) {
      metrics.cacheHits.add(1, { cache: 'summary' });
      return { summary: stored.text, fromSeq, upToSeq };
    }
    const { promise, shared } = this.inflight.join(id, () =>
      this.summaries.onceFor(key, () => this.make(key)).then((row) => ({ summary: row.text, fromSeq, upToSeq })),
    );
    if (shared) metrics.cacheHits.add(1, { cache: 'summary' });
    return promise;
  }

  private async make(key: SummaryKey): Promise<string> {
    if (!(await this.meter.allowed(key.roomId)))
      throw new DomainException(SummaryErrorCode.QuotaExhausted, 'The token quota of this room is spent');
    productMetrics().cacheMisses.add(1, { cache: 'summary' });
    const lines = await this.linesOf(key);
    if (lines.length === 0) throw new DomainException(SummaryErrorCode.NothingToSummarize, 'No translations to summarize');
    const glossary = await this.glossaries.forText(key.roomId, lines.join('\n'));
    try {
      return await this.llm.summarize(lines, key.lang as SummaryRequest['lang'], key.roomId, glossaryPrompt(glossary, key.lang));
    } catch (error) {
      if (error instanceof LlmRateLimitedError)
        throw new DomainException(SummaryErrorCode.Unavailable, 'The language model is busy: try again later');
      throw error;
    }
  }

  /** The span's lines as the language's viewers read them (translating what is missing), the latest first kept. */
  private async linesOf(key: SummaryKey): Promise<string[]> {
    const lines: string[] = [];
    for (let after = key.fromSeq; after < key.upToSeq;) {
      const limit = Math.min(LIMITS.resyncBatch, key.upToSeq - after);
      const frames = await this.translations.history({
        roomId: key.roomId,
        lang: key.lang as SummaryRequest['lang'],
        afterSeq: after,
        limit,
      });
      if (frames.length === 0) break;
      for (const frame of frames) {
        if (frame.seq > key.upToSeq) break;
        const text =
          frame.fallback === 'original' && frame.text.startsWith(ORIGINAL_PREFIX) ? frame.text.slice(ORIGINAL_PREFIX.length) : frame.text;
        if (text.trim()) lines.push(`${frame.speakerName ? `${frame.speakerName}: ` : ''}${text.trim()}`);
      }
      after = frames[frames.length - 1].seq;
    }
    let total = 0;
    const kept: string[] = [];
    for (let i = lines.length - 1; i >= 0 && total + lines[i].length <= MAX_INPUT_CHARS; i--) {
      kept.unshift(lines[i]);
      total += lines[i].length + 1;
    }
    return kept;
  }
}
