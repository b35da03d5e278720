import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ORIGINAL_PREFIX,
  ROOMS_SUBJECTS,
  TRANSLATE_SUBJECTS,
  type LanguageCode,
  type StoredTranscript,
  type TranslationFrame,
  type TranslationHistoryRequest,
} from '@lt/contracts';
import { Bus, inSpan, productMetrics, SingleFlight, withinBytes } from '@lt/platform';
import { AnalyticsRelay, UsageMeter } from '@lt/usage';
import { EnhancementsService } from '../enhancements/enhancements.service';
import { FallbackService } from '../fallback/fallback.service';
import { glossaryPrompt, keptTerms } from '../glossary/glossary-prompt';
import { GlossaryService } from '../glossary/glossary.service';
import { LimiterBusyError, LlmRateLimitedError } from '../llm/deadline';
import { InterimTranslator } from '../interim/interim-translator';
import { LlmLimiter } from '../limits/llm-limiter';
import { LlmClient, LlmUnavailableError } from '../llm/llm.client';
import type { ContextSentence } from '../llm/translation-prompt';
import { TRANSLATE_ENV, type TranslateEnv } from '../translate.env';
import { PresenceRegistry } from '../presence/presence.registry';
import { RoomContext, type PreviousSentences } from './room-context';
import { TranslationCache } from './translation-cache';
import { partialPublisher, translationFrame, type SourcedTranscript } from './translation-frames';
import { TranslationsRepository } from './translations.repository';

const HISTORY_CONCURRENCY = 4;

/** How a translation is asked for: until when it is of use, and for a live caption, the room's recent context. */
export interface TranslationPlan {
  deadlineAt: number;
  /** A live caption: first in line for the provider's budget. */
  live?: boolean;
  previous?: PreviousSentences;
  /** Whether the room's rate gave this sentence a language-model slot (false: the fallback answers); asked while the rest is read. */
  roomSlot?: Promise<boolean>;
  /** Called as the language model writes the translation, with the text so far (Fast captions). */
  onText?: (text: string) => void;
}

/** Of the live deadline, what the fallback translator keeps for itself when the language model has not answered. */
const FALLBACK_RESERVE_MS = 1_500;

/**
 * Translates each stored transcript once per language in demand, whatever the number of viewers, and
 * answers viewers' catch-up requests from the stored translations. A live caption never waits past its
 * deadline: then the fallback translator answers, or the original does.
 */
@Injectable()
export class TranslationsService {
  private readonly logger = new Logger('TranslationsService');
  private readonly inflight = new SingleFlight<string, TranslationFrame>();
  private readonly deadlineMs: number;

  constructor(
    @Inject(TRANSLATE_ENV) env: TranslateEnv,
    private readonly translations: TranslationsRepository,
    private readonly llm: LlmClient,
    private readonly presence: PresenceRegistry,
    private readonly bus: Bus,
    private readonly meter: UsageMeter,
    private readonly enhancements: EnhancementsService,
    private readonly fallback: FallbackService,
    private readonly context: RoomContext,
    private readonly glossaries: GlossaryService,
    private readonly limiter: LlmLimiter,
    private readonly cache: TranslationCache,
    private readonly interim: InterimTranslator,
    private readonly analytics: AnalyticsRelay,
  ) {
    this.deadlineMs = env.TRANSLATION_DEADLINE_MS;
  }

  async onTranscriptStored(stored: StoredTranscript): Promise<void> {
    const received = performance.now();
    this.context.remember(stored);
    this.interim.onFinal(stored);
    const langs = this.presence.languagesFor(stored.roomId);
    if (langs.length === 0) return;
    const deadlineAt = Date.now() + this.deadlineMs;
    const attributes = { 'lt.room_id': stored.roomId, 'lt.message_id': stored.messageId, 'lt.seq': stored.seq };
    // Enhance Mode: one improvement, before any language, which every language is translated from; it may
    // take a third of the deadline, the rest is the translation's.
    // The room's rate counts sentences, whatever their languages; a sentence over it is not made to wait long.
    // Its slot is asked for beside everything else the call needs (a failed ask leaves the provider's limit to decide).
    const roomSlot =
      this.llm.configured && langs.some((lang) => lang !== stored.sourceLanguage)
        ? this.limiter.room(stored.roomId, 'live', Date.now() + Math.floor(this.deadlineMs / 4)).catch(() => true)
        : Promise.resolve(true);
    const [source, previous] = await Promise.all([
      this.enhancements.sourceOf(stored, Date.now() + Math.floor(this.deadlineMs / 3)),
      this.context.before(stored),
    ]);
    const transcript: SourcedTranscript = { ...stored, text: source.text, enhanced: source.enhanced };
    if (source.enhanced) this.context.remember(transcript);
    await Promise.all(
      // A span per language: the translation, and the fan-out of each gateway, are its children.
      langs.map((lang) =>
        inSpan(`translate ${lang}`, { attributes: { ...attributes, 'lt.lang': lang } }, async () => {
          const onText = partialPublisher(this.bus, transcript, lang);
          const frame = await this.translate(transcript, lang, { deadlineAt, live: true, previous, roomSlot, onText });
          const delay = performance.now() - received;
          productMetrics().translationLatency.record(delay, { lang });
          this.analytics.caption(transcript.roomId, lang, delay, frame.fallback);
          this.bus.emitToRoom(TRANSLATE_SUBJECTS.ready, { roomId: transcript.roomId, key: lang }, frame);
        }),
      ),
    );
  }

  async history(request: TranslationHistoryRequest): Promise<TranslationFrame[]> {
    const transcripts = await this.bus.request(ROOMS_SUBJECTS.listTranscript, {
      roomId: request.roomId,
      afterSeq: request.afterSeq,
      limit: request.limit,
    });
    const improved = await this.enhancements.storedFor(
      request.roomId,
      transcripts.map((t) => t.messageId),
    );
    const sourced = await Promise.all(
      transcripts.map(async (t): Promise<SourcedTranscript> => {
        if (improved.has(t.messageId)) return { ...t, text: improved.get(t.messageId) as string, enhanced: true };
        // Said a moment ago and being improved now: the catch-up waits for it (its live line will carry it).
        const making = this.enhancements.underWay(t);
        return making ? { ...t, ...(await making) } : t;
      }),
    );
    const stored = await this.translations.findMany(
      request.roomId,
      request.lang,
      sourced.filter((t) => t.sourceLanguage !== request.lang).map((t) => t.messageId),
    );
    const byMessage = new Map(stored.map((row) => [row.messageId, row]));
    if (stored.length) productMetrics().cacheHits.add(stored.length, { cache: 'translation' });
    const plan = { deadlineAt: this.historyDeadline() };
    const make = !request.onlyInDemand || this.presence.languagesFor(request.roomId).includes(request.lang);
    const frames = await mapLimited(sourced, HISTORY_CONCURRENCY, (t) => {
      const row = byMessage.get(t.messageId);
      if (row) return Promise.resolve(translationFrame(t, request.lang, row.text, row.fallback));
      if (!make && t.sourceLanguage !== request.lang) return Promise.resolve(translationFrame(t, request.lang, t.text, 'original'));
      return this.translate(t, request.lang, plan);
    });
    // A translation may be longer than its line: the answer is cut to what one bus message carries (the latest kept).
    return withinBytes(frames, { fromEnd: request.afterSeq === undefined });
  }

  /** One message in a language, as its viewers read it (what speech reads aloud). */
  async message(request: { roomId: string; messageId: string; lang: LanguageCode }): Promise<TranslationFrame> {
    const transcript = await this.bus.request(ROOMS_SUBJECTS.getTranscript, { roomId: request.roomId, messageId: request.messageId });
    const source = await this.enhancements.storedOf(transcript);
    return this.translate({ ...transcript, text: source.text, enhanced: source.enhanced }, request.lang, {
      deadlineAt: this.historyDeadline(),
    });
  }

  /**
   * Catch-up, exports and speech wait longer than a live caption, but not a summary's time: three live
   * deadlines (at most LLM_LONG_DEADLINE_MS), so an export of a room the model hangs on still ends.
   */
  private historyDeadline(): number {
    return Math.min(this.llm.longDeadline(), Date.now() + 3 * this.deadlineMs);
  }

  /** Whether sentences get translated at all: by the language model, or by the fallback translator alone. */
  providerStatus() {
    return { llmConfigured: this.llm.configured || this.fallback.configured };
  }

  /** One translation per (message, language): concurrent askers share the call, later ones read it stored. */
  translate(transcript: SourcedTranscript, lang: LanguageCode, plan: TranslationPlan): Promise<TranslationFrame> {
    if (lang === transcript.sourceLanguage) return Promise.resolve(translationFrame(transcript, lang, transcript.text));
    const key = `${transcript.roomId}:${transcript.messageId}:${lang}`;
    const { promise, shared } = this.inflight.join(key, () => this.translateOnce(transcript, lang, plan));
    if (shared) productMetrics().cacheHits.add(1, { cache: 'translation' });
    return promise;
  }

  private async translateOnce(t: SourcedTranscript, lang: LanguageCode, plan: TranslationPlan): Promise<TranslationFrame> {
    const paying = this.llm.configured || this.fallback.configured;
    // What the call depends on is read at once, not one after the other: a live caption waits for the slowest read only.
    const [stored, allowed, glossary, context] = await Promise.all([
      this.translations.findOne(t.roomId, t.messageId, lang),
      paying ? this.meter.allowed(t.roomId) : true,
      this.glossaries.forText(t.roomId, t.text),
      plan.previous && this.llm.configured ? this.context.inLanguage(plan.previous, lang) : [],
    ]);
    const metrics = productMetrics();
    if (stored) {
      metrics.cacheHits.add(1, { cache: 'translation' });
      return translationFrame(t, lang, stored.text, stored.fallback);
    }
    const original = translationFrame(t, lang, ORIGINAL_PREFIX + t.text, 'original');
    // A room whose quota or budget is spent gets the original, not stored: it is translated once it may spend again.
    if (!allowed) return original;
    const cacheKey = { roomId: t.roomId, text: t.text, from: t.sourceLanguage, to: lang, glossaryVersion: glossary.version };
    try {
      const { text, hit } = await this.cache.through(cacheKey, () => {
        metrics.cacheMisses.add(1, { cache: 'translation' });
        return this.viaLanguageModel(t, lang, plan, glossaryPrompt(glossary, lang), context);
      });
      if (hit) metrics.cacheHits.add(1, { cache: 'translation_text' });
      await this.translations.save({ roomId: t.roomId, messageId: t.messageId, seq: t.seq, lang, text, fallback: null });
      this.context.translated(t.roomId, t.messageId, lang, text);
      return translationFrame(t, lang, text);
    } catch (error) {
      // A rate limit is waited out, never sent to the fallback; past the deadline the viewer reads the
      // original, not stored, so catch-up translates it once the limit has passed.
      if (error instanceof LlmRateLimitedError) return original;
      if (this.llm.configured) this.logger.warn(`translation to ${lang} failed: ${(error as Error).message}`);
    }
    const service = await this.fallback.translate(t.text, t.sourceLanguage, lang, plan.deadlineAt, keptTerms(glossary));
    if (service === null) return original;
    await this.translations.save({ roomId: t.roomId, messageId: t.messageId, seq: t.seq, lang, text: service, fallback: 'service' });
    this.context.translated(t.roomId, t.messageId, lang, service);
    return translationFrame(t, lang, service, 'service');
  }

  /** The language model's translation before the deadline, less the fallback's share (a 429 is waited out within it). */
  private async viaLanguageModel(
    t: SourcedTranscript,
    lang: LanguageCode,
    plan: TranslationPlan,
    glossary: string,
    context: ContextSentence[],
  ): Promise<string> {
    if (!this.llm.configured) throw new LlmUnavailableError('No translation provider is configured');
    const deadlineAt = this.fallback.configured
      ? plan.deadlineAt - Math.min(FALLBACK_RESERVE_MS, Math.floor(this.deadlineMs / 4))
      : plan.deadlineAt;
    if ((await plan.roomSlot) === false) throw new LimiterBusyError('the room is over its translation rate');
    return this.llm.translate({
      text: t.text,
      from: t.sourceLanguage,
      to: lang,
      roomId: t.roomId,
      deadlineAt,
      context,
      glossary,
      priority: plan.live ? 'live' : 'history',
      onText: plan.onText,
    });
  }
}

/** `fn` over the items, at most `limit` at a time, the results in the items' order. */
export async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
