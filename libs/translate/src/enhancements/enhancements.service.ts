import { Injectable, Logger } from '@nestjs/common';
import type { StoredTranscript } from '@lt/contracts';
import { SingleFlight } from '@lt/platform';
import { UsageMeter } from '@lt/usage';
import { glossaryPrompt } from '../glossary/glossary-prompt';
import { GlossaryService } from '../glossary/glossary.service';
import { LlmClient } from '../llm/llm.client';
import { EnhancementsRepository } from './enhancements.repository';

/** The text every language is translated from, and whether it is the improved one. */
export interface SourceText {
  text: string;
  enhanced: boolean;
}

const MIN_LENGTH = 10;

/**
 * Whether a sentence is worth improving (spec: at least 10 characters and matching a heuristic): at least
 * two words, and it reads like raw speech recognition (no capital at the start, or no punctuation at the end).
 */
export function worthEnhancing(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length < MIN_LENGTH || !/\S\s+\S/.test(trimmed)) return false;
  const first = trimmed.match(/\p{L}/u)?.[0];
  const capitalised = first !== undefined && first === first.toUpperCase() && first !== first.toLowerCase();
  return !capitalised || !/[.!?…]$/.test(trimmed);
}

/**
 * Enhance Mode: one language-model call per sentence, whatever the number of languages, before it is
 * translated; the improved text is kept, so catch-up and speech read the same words. A failure, a rate
 * limit or a spent quota keeps the original.
 */
@Injectable()
export class EnhancementsService {
  private readonly logger = new Logger('EnhancementsService');
  private readonly inflight = new SingleFlight<string, SourceText>();

  constructor(
    private readonly enhancements: EnhancementsRepository,
    private readonly llm: LlmClient,
    private readonly meter: UsageMeter,
    private readonly glossaries: GlossaryService,
  ) {}

  /**
   * For a sentence just stored: its improvement, made now when asked for and worth it, if it comes by
   * `deadlineAt`. A sentence whose sender did not ask for one has none (it was stored just now): nothing is read.
   */
  sourceOf(t: StoredTranscript, deadlineAt: number): Promise<SourceText> {
    if (!t.enhance) return Promise.resolve({ text: t.text, enhanced: false });
    if (!this.llm.configured || !worthEnhancing(t.text)) return this.storedOf(t);
    return this.inflight.run(`${t.roomId}:${t.messageId}`, () => this.make(t, deadlineAt));
  }

  /**
   * For a viewer's catch-up: the improvement of a sentence being made in this process now, if any (a stored
   * sentence does not say whether it was to be improved: what is under way does). Waited for, the catch-up
   * hands out the words its live line will carry, not the original. Never asks the model itself.
   */
  underWay(t: StoredTranscript): Promise<SourceText> | undefined {
    const key = `${t.roomId}:${t.messageId}`;
    return this.inflight.has(key) ? this.inflight.run(key, () => this.storedOf(t)) : undefined;
  }

  /** The improvement made before, if any (catch-up, speech). */
  async storedOf(t: StoredTranscript): Promise<SourceText> {
    const text = await this.enhancements.textOf(t.roomId, t.messageId);
    return text ? { text, enhanced: true } : { text: t.text, enhanced: false };
  }

  /** The improvements made before, for many sentences of a room at once. */
  storedFor(roomId: string, messageIds: string[]): Promise<Map<string, string>> {
    return this.enhancements.textsOf(roomId, messageIds);
  }

  private async make(t: StoredTranscript, deadlineAt: number): Promise<SourceText> {
    const stored = await this.storedOf(t);
    if (stored.enhanced) return stored;
    if (!(await this.meter.allowed(t.roomId))) return stored;
    try {
      const glossary = await this.glossaries.forText(t.roomId, t.text);
      const text = await this.llm.enhance(t.text, t.sourceLanguage, t.roomId, deadlineAt, glossaryPrompt(glossary, t.sourceLanguage));
      await this.enhancements.save(t.roomId, t.messageId, t.seq, text);
      return { text, enhanced: true };
    } catch (error) {
      this.logger.warn(`enhancement kept the original: ${(error as Error).message}`);
      return stored;
    }
  }
}
