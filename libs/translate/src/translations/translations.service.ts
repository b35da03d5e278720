import { Injectable, Logger } from '@nestjs/common';
import {
  ORIGINAL_PREFIX,
  ROOMS_SUBJECTS,
  TRANSLATE_SUBJECTS,
  type LanguageCode,
  type StoredTranscript,
  type TranslationFallback,
  type TranslationFrame,
  type TranslationHistoryRequest,
} from '@lt/contracts';
import { Bus, inSpan, productMetrics, UsageMeter } from '@lt/platform';
import { EnhancementsService } from '../enhancements/enhancements.service';
import { LlmClient } from '../llm/llm.client';
import { PresenceRegistry } from '../presence/presence.registry';
import { TranslationsRepository } from './translations.repository';

const HISTORY_CONCURRENCY = 4;

/** A stored sentence with the text every language is translated from (improved, in Enhance Mode). */
export type SourcedTranscript = StoredTranscript & { enhanced?: boolean };

export function translationFrame(
  t: SourcedTranscript,
  lang: LanguageCode,
  text: string,
  fallback?: TranslationFallback | null,
): TranslationFrame {
  return {
    type: 'translation',
    messageId: t.messageId,
    seq: t.seq,
    lang,
    text,
    sourceLanguage: t.sourceLanguage,
    timestamp: t.timestamp,
    speakerId: t.speakerId,
    speakerName: t.speakerName,
    ...(fallback ? { fallback } : {}),
    ...(t.enhanced ? { enhanced: true } : {}),
  };
}

/**
 * Translates each stored transcript once per language in demand, whatever the number of viewers, and
 * answers viewers' catch-up requests from the stored translations.
 */
@Injectable()
export class TranslationsService {
  private readonly logger = new Logger('TranslationsService');
  private readonly inflight = new Map<string, Promise<TranslationFrame>>();

  constructor(
    private readonly translations: TranslationsRepository,
    private readonly llm: LlmClient,
    private readonly presence: PresenceRegistry,
    private readonly bus: Bus,
    private readonly meter: UsageMeter,
    private readonly enhancements: EnhancementsService,
  ) {}

  async onTranscriptStored(stored: StoredTranscript): Promise<void> {
    const received = performance.now();
    const langs = this.presence.languagesFor(stored.roomId);
    if (langs.length === 0) return;
    const attributes = { 'lt.room_id': stored.roomId, 'lt.message_id': stored.messageId, 'lt.seq': stored.seq };
    // Enhance Mode: one improvement, before any language, which every language is translated from.
    const source = await this.enhancements.sourceOf(stored);
    const transcript: SourcedTranscript = { ...stored, text: source.text, enhanced: source.enhanced };
    await Promise.all(
      // A span per language: the translation, and the fan-out of each gateway, are its children.
      langs.map((lang) =>
        inSpan(`translate ${lang}`, { attributes: { ...attributes, 'lt.lang': lang } }, async () => {
          const frame = await this.translate(transcript, lang);
          productMetrics().translationLatency.record(performance.now() - received, { lang });
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
    const improved = await this.enhancements.storedFor(request.roomId, transcripts.map((t) => t.messageId));
    const sourced = transcripts.map((t): SourcedTranscript => (improved.has(t.messageId) ? { ...t, text: improved.get(t.messageId) as string, enhanced: true } : t));
    const stored = await this.translations.findMany(
      request.roomId,
      request.lang,
      sourced.filter((t) => t.sourceLanguage !== request.lang).map((t) => t.messageId),
    );
    const byMessage = new Map(stored.map((row) => [row.messageId, row]));
    if (stored.length) productMetrics().cacheHits.add(stored.length, { cache: 'translation' });
    return mapLimited(sourced, HISTORY_CONCURRENCY, (t) => {
      const row = byMessage.get(t.messageId);
      return row ? Promise.resolve(translationFrame(t, request.lang, row.text, row.fallback)) : this.translate(t, request.lang);
    });
  }

  /** One message in a language, as its viewers read it (what speech reads aloud). */
  async message(request: { roomId: string; messageId: string; lang: LanguageCode }): Promise<TranslationFrame> {
    const transcript = await this.bus.request(ROOMS_SUBJECTS.getTranscript, { roomId: request.roomId, messageId: request.messageId });
    const source = await this.enhancements.storedOf(transcript);
    return this.translate({ ...transcript, text: source.text, enhanced: source.enhanced }, request.lang);
  }

  providerStatus() {
    return { llmConfigured: this.llm.configured };
  }

  /** One translation per (message, language): concurrent askers share the call, later ones read it stored. */
  translate(transcript: SourcedTranscript, lang: LanguageCode): Promise<TranslationFrame> {
    if (lang === transcript.sourceLanguage) return Promise.resolve(translationFrame(transcript, lang, transcript.text));
    const key = `${transcript.roomId}:${transcript.messageId}:${lang}`;
    let pending = this.inflight.get(key);
    if (pending) {
      productMetrics().cacheHits.add(1, { cache: 'translation' });
      return pending;
    }
    pending = this.translateOnce(transcript, lang).finally(() => this.inflight.delete(key));
    this.inflight.set(key, pending);
    return pending;
  }

  private async translateOnce(t: SourcedTranscript, lang: LanguageCode): Promise<TranslationFrame> {
    const stored = await this.translations.findOne(t.roomId, t.messageId, lang);
    const metrics = productMetrics();
    if (stored) {
      metrics.cacheHits.add(1, { cache: 'translation' });
      return translationFrame(t, lang, stored.text, stored.fallback);
    }
    // A room whose quota or budget is spent gets the original, not stored: it is translated once it may spend again.
    if (this.llm.configured && !(await this.meter.allowed(t.roomId))) return translationFrame(t, lang, ORIGINAL_PREFIX + t.text, 'original');
    metrics.cacheMisses.add(1, { cache: 'translation' });
    try {
      const text = await this.llm.translate(t.text, t.sourceLanguage, lang, t.roomId);
      await this.translations.save({ roomId: t.roomId, messageId: t.messageId, seq: t.seq, lang, text, fallback: null });
      return translationFrame(t, lang, text);
    } catch (error) {
      if (this.llm.configured) this.logger.warn(`translation to ${lang} failed: ${(error as Error).message}`);
      return translationFrame(t, lang, ORIGINAL_PREFIX + t.text, 'original');
    }
  }
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
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
