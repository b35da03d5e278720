import { Inject, Injectable } from '@nestjs/common';
import { ROOMS_SUBJECTS, type LanguageCode, type StoredTranscript } from '@lt/contracts';
import { Bus, ExpiringMap } from '@lt/platform';
import { EnhancementsService } from '../enhancements/enhancements.service';
import type { ContextSentence } from '../llm/translation-prompt';
import { TRANSLATE_ENV, type TranslateEnv } from '../translate.env';
import { TranslationsRepository } from './translations.repository';

/** Context is a help, not a need: a slow answer is not waited for. */
const CONTEXT_TIMEOUT_MS = 800;
/** Sentences remembered per room, and rooms remembered, by this replica. */
const RECENT_PER_ROOM = 20;
const RECENT_ROOMS = 1_000;
/**
 * Translations this replica stored or revised, kept for the next sentences' context: at most this many, this
 * long. A revision made by another replica meanwhile reaches this replica's context when the entry lapses.
 */
const MADE_MAX = 20_000;
const MADE_TTL_MS = 60_000;

interface Said {
  seq: number;
  messageId: string;
  text: string;
}

/** The sentences said just before one, as every language translates from them. */
export interface PreviousSentences {
  roomId: string;
  sentences: { messageId: string; text: string }[];
}

/**
 * The room's recent context sent with each live translation: the previous sentences (from the stored
 * transcript, improved where Enhance Mode improved them) and, per language, the translations made of them.
 * The sentences this replica translated itself are remembered; what it did not see (another replica
 * translated it, or it has just started) is read from the transcript, so every replica sends the same context.
 */
@Injectable()
export class RoomContext {
  private readonly size: number;
  private readonly recent = new Map<string, Said[]>();
  /** Per room, language and message: the translation this replica stored or revised lately. */
  private readonly made = new ExpiringMap<string, string>({ max: MADE_MAX, ttlMs: MADE_TTL_MS });

  constructor(
    @Inject(TRANSLATE_ENV) env: TranslateEnv,
    private readonly bus: Bus,
    private readonly translations: TranslationsRepository,
    private readonly enhancements: EnhancementsService,
  ) {
    this.size = env.TRANSLATION_CONTEXT_SENTENCES;
  }

  /** A sentence of the room as every language is translated from it (again once Enhance Mode improved it). */
  remember(t: StoredTranscript): void {
    if (this.size === 0) return;
    const said = (this.recent.get(t.roomId) ?? []).filter((s) => s.seq !== t.seq);
    this.recent.delete(t.roomId);
    if (this.recent.size >= RECENT_ROOMS) this.recent.delete(this.recent.keys().next().value as string);
    said.push({ seq: t.seq, messageId: t.messageId, text: t.text });
    said.sort((a, b) => a.seq - b.seq);
    this.recent.set(t.roomId, said.slice(-RECENT_PER_ROOM));
  }

  /** The room's latest sentences this replica knows of, as context for an interim line (not waited for). */
  latest(roomId: string): PreviousSentences {
    const said = this.size === 0 ? [] : (this.recent.get(roomId) ?? []).slice(-this.size);
    return { roomId, sentences: said.map(({ messageId, text }) => ({ messageId, text })) };
  }

  /** Once per sentence, whatever the number of languages. */
  async before(t: StoredTranscript): Promise<PreviousSentences> {
    const none = { roomId: t.roomId, sentences: [] };
    if (this.size === 0 || t.seq <= 1) return none;
    const wanted = Math.min(this.size, t.seq - 1);
    const known = (this.recent.get(t.roomId) ?? []).filter((s) => s.seq < t.seq && s.seq >= t.seq - wanted);
    if (known.length === wanted) return { roomId: t.roomId, sentences: known.map(({ messageId, text }) => ({ messageId, text })) };
    try {
      const afterSeq = Math.max(0, t.seq - 1 - this.size);
      const rows = await this.bus.request(
        ROOMS_SUBJECTS.listTranscript,
        { roomId: t.roomId, afterSeq, limit: Math.min(this.size, t.seq - 1) },
        { timeoutMs: CONTEXT_TIMEOUT_MS },
      );
      const earlier = rows.filter((row) => row.seq < t.seq);
      const improved = await this.enhancements.storedFor(
        t.roomId,
        earlier.map((row) => row.messageId),
      );
      return {
        roomId: t.roomId,
        sentences: earlier.map((row) => ({ messageId: row.messageId, text: improved.get(row.messageId) ?? row.text })),
      };
    } catch {
      return none;
    }
  }

  /** A translation this replica stored (or revised): the next sentences' context takes it from here. */
  translated(roomId: string, messageId: string, lang: LanguageCode, text: string): void {
    if (this.size > 0) this.made.set(`${roomId}:${lang}:${messageId}`, text);
  }

  /**
   * The previous sentences with their translations into `lang` made so far (a sentence still in flight has none):
   * those this replica made lately from memory, the others from the database (every call of a sentence's languages
   * and of its interim lines would otherwise read the same rows again).
   */
  async inLanguage(previous: PreviousSentences, lang: LanguageCode): Promise<ContextSentence[]> {
    if (previous.sentences.length === 0) return [];
    const known = new Map<string, string>();
    for (const s of previous.sentences) {
      const text = this.made.get(`${previous.roomId}:${lang}:${s.messageId}`);
      if (text !== undefined) known.set(s.messageId, text);
    }
    const missing = previous.sentences.filter((s) => !known.has(s.messageId)).map((s) => s.messageId);
    if (missing.length > 0) {
      const rows = await this.translations.findMany(previous.roomId, lang, missing).catch(() => []);
      for (const row of rows) if (row.fallback !== 'original') known.set(row.messageId, row.text);
    }
    return previous.sentences.map((s) => ({ source: s.text, translation: known.get(s.messageId) }));
  }
}
