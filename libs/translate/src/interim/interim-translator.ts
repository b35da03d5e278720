import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  FAST_CAPTIONS_SUBJECTS,
  withoutLastWords,
  wordCount,
  type InterimEvent,
  type LanguageCode,
  type StoredTranscript,
} from '@lt/contracts';
import { Bus, databaseQueued, productMetrics } from '@lt/platform';
import { DataSource } from 'typeorm';
import { UsageMeter } from '@lt/usage';
import { glossaryPrompt } from '../glossary/glossary-prompt';
import { GlossaryService } from '../glossary/glossary.service';
import { LlmLimiter } from '../limits/llm-limiter';
import { holdFor, LlmClient } from '../llm/llm.client';
import { PresenceRegistry } from '../presence/presence.registry';
import { TRANSLATE_DATA_SOURCE } from '../translate.database';
import { TRANSLATE_ENV, type TranslateEnv } from '../translate.env';
import { RoomContext, type PreviousSentences } from '../translations/room-context';
import { FastCaptionsSettings } from './fast-captions-settings';
import { InterimUsageRepository } from './interim-usage.repository';

/** An interim line is translated again only when it grew by this many words since the last one translated. */
export const MIN_GROWTH_WORDS = 2;
/** An interim translation later than this is of no use: the speaker has said more since. */
const INTERIM_DEADLINE_MS = 4_000;
const MAX_SPEAKERS = 10_000;
/** About the characters of an interim call's instructions, context and glossary, for its token estimate. */
const INTERIM_PROMPT_CHARS = 1_200;

/** The speaker an interim line counts against: invited speakers by their id, the host (a new id per connection) as one. */
export const stableSpeaker = (speakerId: string) => (speakerId.startsWith('host-') ? 'host' : speakerId);

/**
 * How many last words of an interim translation are held back: `mask`, but never half or more of a short
 * one, so the first translation of a sentence (two or three words) shows its first word rather than nothing.
 */
export function maskFor(text: string, mask: number): number {
  return Math.min(mask, Math.floor(wordCount(text) / 2));
}

/** What this replica knows of one speaker's sentence in progress. */
interface SpeakerState {
  /** The timestamp (epoch ms) of the speaker's latest final sentence: interim lines up to it are out of date. */
  finalAt: number;
  /** Per language, the words of the interim line last sent to be translated in this sentence. */
  words: Map<LanguageCode, number>;
}

/**
 * Fast captions: the speaker's interim lines translated for the languages in demand while the sentence is
 * still being spoken, with the room's context and glossary. Per (room, speaker, language) at most once per
 * `INTERIM_TRANSLATION_MS` and `INTERIM_TRANSLATIONS_PER_MINUTE` (shared by every replica), only when the
 * line grew by two words, with the lowest priority of the provider's budget, metered as the `interim` task.
 * A translation coming back after its sentence's final is dropped; the rest goes out without its last words.
 */
@Injectable()
export class InterimTranslator {
  private readonly logger = new Logger('InterimTranslator');
  private readonly speakers = new Map<string, SpeakerState>();
  /** Per room whose interim total is being written, the tokens of calls reported since, written next. */
  private readonly uncounted = new Map<string, number>();

  constructor(
    @Inject(TRANSLATE_ENV) private readonly env: TranslateEnv,
    private readonly llm: LlmClient,
    private readonly limiter: LlmLimiter,
    private readonly presence: PresenceRegistry,
    private readonly settings: FastCaptionsSettings,
    private readonly glossaries: GlossaryService,
    private readonly context: RoomContext,
    private readonly meter: UsageMeter,
    private readonly usage: InterimUsageRepository,
    private readonly bus: Bus,
    @Inject(TRANSLATE_DATA_SOURCE) private readonly db: DataSource,
  ) {
    // The room's interim total follows the usage the meter records of its interim calls.
    meter.onUsage((usage) => {
      if (usage.eventType === 'interim') void this.charge(usage.roomId, usage.tokens);
    });
  }

  async onInterim(event: InterimEvent): Promise<void> {
    const said = Date.parse(event.timestamp);
    const speaker = this.speaker(event.roomId, event.speakerId);
    if (!this.llm.configured || said <= speaker.finalAt) return;
    const words = wordCount(event.text);
    // A line shorter than the one last translated is a new sentence (its final went to another replica) or a
    // recognition that changed its mind: it counts from nothing.
    const grew = (lang: LanguageCode) => {
      const before = speaker.words.get(lang) ?? 0;
      return (words >= before ? words - before : words) >= MIN_GROWTH_WORDS;
    };
    const langs = this.presence.languagesFor(event.roomId).filter((lang) => lang !== event.sourceLanguage && grew(lang));
    if (langs.length === 0) return;
    // An interim line is extra: while this process's queries wait for a database connection, it goes without, and
    // the finals (whose translations may not be lost) get the connections.
    if (databaseQueued(this.db)) return void productMetrics().interimShed.add(langs.length);
    if (!(await this.settings.enabled(event.roomId)) || !(await this.meter.allowed(event.roomId))) return;
    const previous = this.context.latest(event.roomId);
    await Promise.all(langs.map((lang) => this.translate(event, lang, speaker, words, previous)));
  }

  /** The speaker's sentence is final: its interim lines are no longer translated, nor shown when they come back. */
  onFinal(t: StoredTranscript): void {
    const speaker = this.speaker(t.roomId, t.speakerId);
    speaker.finalAt = Math.max(speaker.finalAt, Date.parse(t.timestamp));
    speaker.words.clear();
  }

  /** Tokens spent on interim translation in the room so far. */
  async usageOf(roomId: string): Promise<{ roomId: string; tokens: number }> {
    return { roomId, tokens: await this.usage.of(roomId) };
  }

  forget(roomIds: string[]): void {
    const gone = new Set(roomIds);
    for (const key of [...this.speakers.keys()]) if (gone.has(key.slice(0, key.indexOf(':')))) this.speakers.delete(key);
    this.settings.forget(roomIds);
  }

  private async translate(
    event: InterimEvent,
    lang: LanguageCode,
    speaker: SpeakerState,
    words: number,
    previous: PreviousSentences,
  ): Promise<void> {
    const { INTERIM_TRANSLATION_MS: interval, INTERIM_TRANSLATIONS_PER_MINUTE: perMinute } = this.env;
    // Keyed by the speaker as it stays: a host's id is new with each connection, the host is one speaker.
    const who = stableSpeaker(event.speakerId);
    // Only a sentence's true start: a final that reached this replica late clears the count mid-sentence, and
    // must not let a longer line skip the interval again.
    const opening = !speaker.words.has(lang) && words <= 2 * MIN_GROWTH_WORDS;
    // The sentence may have become final while this line waited (a busy replica): its translation would be dropped.
    const outdated = () => Date.parse(event.timestamp) <= speaker.finalAt;
    if (outdated() || !(await this.limiter.interim(event.roomId, who, lang, interval, perMinute, opening))) return;
    const estimate = holdFor(INTERIM_PROMPT_CHARS + 3 * event.text.length, 2 * Math.ceil(event.text.length / 2));
    const { INTERIM_ROOM_TRANSLATIONS_PER_MINUTE: roomPerMinute, INTERIM_ROOM_TOKENS_PER_MINUTE: roomTokens } = this.env;
    if (!(await this.limiter.interimRoom(event.roomId, estimate, roomPerMinute, roomTokens))) return;
    speaker.words.set(lang, words);
    try {
      const [glossary, context] = await Promise.all([
        this.glossaries.forText(event.roomId, event.text),
        this.context.inLanguage(previous, lang),
      ]);
      if (outdated()) return;
      const text = await this.llm.translate({
        text: event.text,
        from: event.sourceLanguage,
        to: lang,
        roomId: event.roomId,
        deadlineAt: Date.now() + INTERIM_DEADLINE_MS,
        context,
        glossary: glossaryPrompt(glossary, lang),
        priority: 'interim',
        task: 'interim',
      });
      if (outdated()) return;
      const shown = withoutLastWords(text, maskFor(text, this.env.INTERIM_MASK_WORDS));
      if (!shown) return;
      this.bus.emitToRoom(
        FAST_CAPTIONS_SUBJECTS.interim,
        { roomId: event.roomId, key: lang },
        {
          type: 'interim_translation',
          roomId: event.roomId,
          lang,
          text: shown,
          messageId: event.messageId,
          sourceLanguage: event.sourceLanguage,
          timestamp: event.timestamp,
          speakerId: event.speakerId,
          speakerName: event.speakerName,
        },
      );
    } catch (error) {
      // An interim line is extra: one that fails is not tried again, the next or the final replaces it.
      this.logger.debug(`interim translation to ${lang} skipped: ${(error as Error).message}`);
    }
  }

  /**
   * Counts the tokens of an interim call for the room, and tells its hosts the new total. While the room's count
   * is being written, the calls that end meanwhile wait and are added together: one write per room at a time.
   */
  private async charge(roomId: string, tokens: number): Promise<void> {
    if (tokens <= 0) return;
    const waiting = this.uncounted.get(roomId);
    this.uncounted.set(roomId, (waiting ?? 0) + tokens);
    if (waiting !== undefined) return;
    for (let sum = tokens; sum > 0; sum = this.uncounted.get(roomId) ?? 0) {
      try {
        const total = await this.usage.add(roomId, sum);
        this.bus.emitToRoom(FAST_CAPTIONS_SUBJECTS.usage, { roomId }, { roomId, tokens: total });
      } catch (error) {
        this.logger.warn(`interim usage of room ${roomId} not counted: ${(error as Error).message}`);
      }
      const more = (this.uncounted.get(roomId) ?? sum) - sum;
      if (more > 0) this.uncounted.set(roomId, more);
      else this.uncounted.delete(roomId);
    }
  }

  private speaker(roomId: string, speakerId: string): SpeakerState {
    const key = `${roomId}:${speakerId}`;
    let state = this.speakers.get(key);
    if (!state) {
      if (this.speakers.size >= MAX_SPEAKERS) this.speakers.delete(this.speakers.keys().next().value as string);
      this.speakers.set(key, (state = { finalAt: 0, words: new Map() }));
    }
    return state;
  }
}
