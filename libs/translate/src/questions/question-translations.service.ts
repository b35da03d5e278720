import { Inject, Injectable, Logger } from '@nestjs/common';
import { QUESTIONS_SUBJECTS, questionView, type LanguageCode, type QuestionAskedEvent, type QuestionText } from '@lt/contracts';
import { Bus, productMetrics, SingleFlight } from '@lt/platform';
import { UsageMeter } from '@lt/usage';
import { FallbackService } from '../fallback/fallback.service';
import { LlmRateLimitedError, sleep } from '../llm/deadline';
import { LlmLimiter } from '../limits/llm-limiter';
import { LlmClient } from '../llm/llm.client';
import { PresenceRegistry } from '../presence/presence.registry';
import { TRANSLATE_ENV, type TranslateEnv } from '../translate.env';
import { mapLimited } from '../translations/translations.service';
import { QuestionTranslationsRepository } from './question-translations.repository';

/** A question to translate: its id, room, text and the language it was asked in. */
export interface QuestionSource {
  id: string;
  roomId: string;
  text: string;
  lang: LanguageCode;
  /** When it was asked (ISO 8601), when known. */
  createdAt?: string;
}

/** How often a caller waiting for another replica's translation looks again. */
const CLAIM_POLL_MS = 150;
const LIST_CONCURRENCY = 4;

/**
 * Questions from the audience in their readers' languages: each (question, language) translated once, by
 * the language model (or the fallback translator), metered to the room like any translation and limited by
 * the same shared limiter; concurrent askers, here or on another replica, wait for the one translation.
 */
@Injectable()
export class QuestionTranslationsService {
  private readonly logger = new Logger('QuestionTranslations');
  private readonly inflight = new SingleFlight<string, QuestionText>();
  private readonly deadlineMs: number;
  private readonly perMinute: number;

  constructor(
    @Inject(TRANSLATE_ENV) env: TranslateEnv,
    private readonly rows: QuestionTranslationsRepository,
    private readonly llm: LlmClient,
    private readonly fallback: FallbackService,
    private readonly meter: UsageMeter,
    private readonly presence: PresenceRegistry,
    private readonly bus: Bus,
    private readonly limiter: LlmLimiter,
  ) {
    this.deadlineMs = 3 * env.TRANSLATION_DEADLINE_MS;
    this.perMinute = env.QUESTION_TRANSLATIONS_PER_MINUTE;
  }

  /** A new question: into the room's language (its host and speakers) and each language viewers read now. */
  async onAsked(q: QuestionAskedEvent): Promise<void> {
    const langs = new Set<LanguageCode>([q.hostLang, ...this.presence.languagesFor(q.roomId)]);
    await Promise.all(
      [...langs].map(async (lang) => {
        const question = questionView(q, lang, await this.translate(q, lang));
        this.bus.emitToRoom(
          QUESTIONS_SUBJECTS.ready,
          { roomId: q.roomId },
          { roomId: q.roomId, lang, forHosts: lang === q.hostLang, question },
        );
      }),
    );
  }

  /**
   * Questions in one language (a list asked for): the stored translations, the missing ones made now when
   * viewers read that language now (or the owner asks), else the original marked as such: a stranger naming a
   * language nobody reads spends nothing of the owner's.
   */
  async texts(roomId: string, to: LanguageCode, questions: Omit<QuestionSource, 'roomId'>[], forOwner = false): Promise<QuestionText[]> {
    const stored = await this.rows.findMany(
      questions.filter((q) => q.lang !== to).map((q) => q.id),
      to,
    );
    const inDemand = forOwner || this.presence.languagesFor(roomId).includes(to);
    return mapLimited(questions, LIST_CONCURRENCY, (q) => {
      const row = stored.get(q.id);
      if (row?.text) return Promise.resolve(withFallback(q.id, row.text, row.fallback));
      if (q.lang !== to && !inDemand) return Promise.resolve({ id: q.id, text: q.text, fallback: 'original' as const });
      return this.translate({ ...q, roomId }, to);
    });
  }

  translate(q: QuestionSource, to: LanguageCode): Promise<QuestionText> {
    if (to === q.lang) return Promise.resolve({ id: q.id, text: q.text });
    return this.inflight.run(`${q.id}:${to}`, () => this.translateOnce(q, to, Date.now() + this.deadlineMs));
  }

  private async translateOnce(q: QuestionSource, to: LanguageCode, deadlineAt: number): Promise<QuestionText> {
    const original: QuestionText = { id: q.id, text: q.text, fallback: 'original' };
    for (;;) {
      const row = await this.rows.find(q.id, to);
      if (row?.text) {
        productMetrics().cacheHits.add(1, { cache: 'question' });
        return withFallback(q.id, row.text, row.fallback);
      }
      if (await this.rows.claim(q.roomId, q.id, to, q.createdAt)) break;
      // Another replica is making it: wait for it, and read the original meanwhile past the deadline.
      if (Date.now() + CLAIM_POLL_MS >= deadlineAt) return original;
      await sleep(CLAIM_POLL_MS);
    }
    const made = await this.make(q, to, deadlineAt).catch((error: Error) => {
      this.logger.warn(`question translation to ${to} failed: ${error.message}`);
      return null;
    });
    if (!made) {
      await this.rows.release(q.id, to);
      return original;
    }
    await this.rows.fill(q.id, to, made.text, made.fallback ?? null);
    return made;
  }

  /** The language model's translation, else the fallback translator's; null when neither may or can answer now. */
  private async make(q: QuestionSource, to: LanguageCode, deadlineAt: number): Promise<QuestionText | null> {
    if (!this.llm.configured && !this.fallback.configured) return null;
    // A room whose quota or budget is spent gets the original, not stored: it is translated once it may spend again.
    if (!(await this.meter.allowed(q.roomId))) return null;
    // The room's rate of question translations, shared by every replica: over it, the original for now.
    if (!(await this.limiter.perRoom('question', q.roomId, this.perMinute))) return null;
    if (this.llm.configured) {
      try {
        return { id: q.id, text: await this.llm.translateQuestion({ text: q.text, from: q.lang, to, roomId: q.roomId, deadlineAt }) };
      } catch (error) {
        if (error instanceof LlmRateLimitedError) return null;
        this.logger.warn(`question translation to ${to} by the language model failed: ${(error as Error).message}`);
      }
    }
    const service = await this.fallback.translate(q.text, q.lang, to, deadlineAt, []);
    return service === null ? null : { id: q.id, text: service, fallback: 'service' };
  }
}

const withFallback = (id: string, text: string, fallback: QuestionText['fallback'] | null): QuestionText => ({
  id,
  text,
  ...(fallback ? { fallback } : {}),
});
