import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  GLOSSARY_REVISION,
  REVISION_SUBJECTS,
  ROOMS_SUBJECTS,
  type BusPayload,
  type LanguageCode,
  type ReplyOf,
  type StoredTranscript,
  type TranslationRevisedFrame,
} from '@lt/contracts';
import { Bus, productMetrics } from '@lt/platform';
import { UsageMeter } from '@lt/usage';
import { EnhancementsService } from '../enhancements/enhancements.service';
import { glossaryPrompt } from '../glossary/glossary-prompt';
import { GlossaryService } from '../glossary/glossary.service';
import { LlmLimiter } from '../limits/llm-limiter';
import { LlmClient } from '../llm/llm.client';
import { PresenceRegistry } from '../presence/presence.registry';
import { TRANSLATE_ENV, type TranslateEnv } from '../translate.env';
import { RoomContext } from './room-context';
import { TranslationCache } from './translation-cache';
import { TranslationsRepository } from './translations.repository';

type Outcome = 'revised' | 'unchanged' | 'failed';
type Revision = ReplyOf<typeof REVISION_SUBJECTS.revise>;

/** What the revision keeps for itself of the gateway's wait, to answer in time. */
const ANSWER_MARGIN_MS = 5_000;

const revisedFrame = (
  row: { messageId: string; seq: number; lang: LanguageCode; text: string },
  glossaryVersion: number,
): TranslationRevisedFrame => ({
  type: 'translation_revised',
  messageId: row.messageId,
  seq: row.seq,
  lang: row.lang,
  text: row.text,
  glossaryVersion,
});

/**
 * The host's request to translate the room's last lines again with the current glossary: each line, in every
 * language viewers read now or one it was stored in, is asked of the language model at revision priority
 * (after live captions, before summaries) with the room's context. A new text replaces the stored one and
 * goes to that language's viewers as a `translation_revised` frame; a call that fails leaves the old text.
 */
@Injectable()
export class RevisionsService {
  private readonly logger = new Logger('RevisionsService');
  private readonly deadlineMs: number;
  private readonly maxPairs: number;
  private readonly pairsPerMinute: number;

  constructor(
    @Inject(TRANSLATE_ENV) env: TranslateEnv,
    private readonly bus: Bus,
    private readonly translations: TranslationsRepository,
    private readonly llm: LlmClient,
    private readonly presence: PresenceRegistry,
    private readonly meter: UsageMeter,
    private readonly enhancements: EnhancementsService,
    private readonly context: RoomContext,
    private readonly glossaries: GlossaryService,
    private readonly limiter: LlmLimiter,
    private readonly cache: TranslationCache,
  ) {
    this.deadlineMs = env.TRANSLATION_DEADLINE_MS;
    this.maxPairs = env.REVISION_MAX_TRANSLATIONS;
    this.pairsPerMinute = env.REVISION_TRANSLATIONS_PER_MINUTE;
  }

  async revise(request: BusPayload<typeof REVISION_SUBJECTS.revise>): Promise<Revision> {
    const { roomId } = request;
    const endAt = Date.now() + GLOSSARY_REVISION.timeoutMs - ANSWER_MARGIN_MS;
    this.glossaries.changed(roomId, request.glossaryVersion);
    const stored = await this.bus.request(ROOMS_SUBJECTS.listTranscript, { roomId, limit: request.lines });
    const improved = await this.enhancements.storedFor(
      roomId,
      stored.map((t) => t.messageId),
    );
    const lines = stored.map((t): StoredTranscript => ({ ...t, text: improved.get(t.messageId) ?? t.text })).sort((a, b) => a.seq - b.seq);
    const inDemand = this.presence.languagesFor(roomId);
    const kept = await this.translations.languagesOf(
      roomId,
      lines.map((t) => t.messageId),
    );
    // The languages read now first; at most `maxPairs` (line, language) pairs in one call.
    const wanted = [...new Set([...[...inDemand].sort(), ...[...kept].sort()])].filter((lang) =>
      lines.some((t) => t.sourceLanguage !== lang),
    );
    const languages = wanted.slice(0, Math.max(1, Math.floor(this.maxPairs / Math.max(1, lines.length)))).sort();
    const counts: Revision = {
      glossaryVersion: request.glossaryVersion,
      lines: lines.length,
      languages,
      revised: 0,
      unchanged: 0,
      failed: 0,
    };
    if (languages.length === 0) return counts;
    const allowed = this.llm.configured && (await this.meter.allowed(roomId));
    const versions = new Set<number>();
    // Languages side by side; each one's lines in order, so a line's context holds the lines revised before it.
    await Promise.all(
      languages.map(async (lang) => {
        const existing = new Map(
          (
            await this.translations.findMany(
              roomId,
              lang,
              lines.map((t) => t.messageId),
            )
          ).map((row) => [row.messageId, row.text]),
        );
        for (const line of lines) {
          if (line.sourceLanguage === lang) continue;
          // One slot of the room's revision rate per (line, language): each is a call of its own.
          const slot = allowed && (await this.limiter.perRoom('revision', roomId, this.pairsPerMinute));
          const outcome = slot ? await this.reviseLine(line, lang, existing.get(line.messageId), endAt, versions) : 'failed';
          counts[outcome] += 1;
        }
      }),
    );
    if (versions.size > 0) counts.glossaryVersion = Math.max(...versions);
    if (counts.failed > 0) this.logger.warn(`room ${roomId}: ${counts.failed} of the revised translations could not be made`);
    return counts;
  }

  /** The revised translations a viewer resuming from a seq has missed (at or before that seq). */
  async list(request: BusPayload<typeof REVISION_SUBJECTS.list>): Promise<TranslationRevisedFrame[]> {
    const rows = await this.translations.revised(request.roomId, request.lang, request.upToSeq, request.limit);
    return rows.map((row) => revisedFrame(row, row.glossaryVersion ?? 0));
  }

  private async reviseLine(
    line: StoredTranscript,
    lang: LanguageCode,
    before: string | undefined,
    endAt: number,
    versions: Set<number>,
  ): Promise<Outcome> {
    const deadlineAt = Math.min(endAt, Date.now() + 3 * this.deadlineMs);
    try {
      const glossary = await this.glossaries.forText(line.roomId, line.text);
      versions.add(glossary.version);
      const key = { roomId: line.roomId, text: line.text, from: line.sourceLanguage, to: lang, glossaryVersion: glossary.version };
      const previous = await this.context.before(line);
      const { text } = await this.cache.through(key, async () => {
        productMetrics().cacheMisses.add(1, { cache: 'translation' });
        const context = await this.context.inLanguage(previous, lang);
        const made = { text: line.text, from: line.sourceLanguage, to: lang, roomId: line.roomId, deadlineAt, context };
        return this.llm.translate({ ...made, glossary: glossaryPrompt(glossary, lang), priority: 'revision' });
      });
      if (text === before) return 'unchanged';
      await this.translations.revise({
        roomId: line.roomId,
        messageId: line.messageId,
        seq: line.seq,
        lang,
        text,
        glossaryVersion: glossary.version,
      });
      this.context.translated(line.roomId, line.messageId, lang, text);
      this.bus.emitToRoom(
        REVISION_SUBJECTS.revised,
        { roomId: line.roomId, key: lang },
        revisedFrame({ ...line, lang, text }, glossary.version),
      );
      return 'revised';
    } catch (error) {
      this.logger.warn(`revision of seq ${line.seq} into ${lang} failed: ${(error as Error).message}`);
      return 'failed';
    }
  }
}
