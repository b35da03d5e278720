import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import {
  findLanguage,
  textDirection,
  TRANSLATE_SUBJECTS,
  type InterfaceLocale,
  type LanguageCode,
  type StoredQuestion,
  type TranscriptExportQuery,
  type TranscriptFormat,
  type TranscriptMessage,
  type TranscriptResponse,
} from '@lt/contracts';
import { Bus } from '@lt/platform';
import { exportedQuestions, ownedTranscript, questionTexts } from '../bus-pages';
import { formatExport, isolate, type ExportFile, type ExportInput, type ExportQuestion } from './transcript-formats';
import { DEFAULT_EXPORT_LOCALE, EXPORT_TEXTS } from './transcript-texts';

/** A transcript with what its file's header needs of the room: the owner's, or the one its viewers may read. */
export interface TranscriptOf {
  room: ExportInput['room'] & { source_language: LanguageCode | null };
  messages: TranscriptMessage[];
}

/** The answer of a file route: the file's body, sent as an attachment with its type and name. */
export function attachment(res: Response, file: ExportFile): string {
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
  return file.body;
}

/** Messages translated per request to translate-svc: it translates what is missing four at a time. */
const TRANSLATION_BATCH = 100;
/** A batch of missing translations is a hundred LLM calls at worst. */
const TRANSLATION_BATCH_TIMEOUT_MS = 120_000;

const languageLabel = (code: LanguageCode | null | undefined, ui: InterfaceLocale) => {
  const language = findLanguage(code);
  return language ? `${isolate(language.name, language.dir)} (${language.code})` : EXPORT_TEXTS[ui].notConfigured;
};

/**
 * A room's transcript as a file, for its owner or its viewers. In another language it takes translate-svc's stored
 * translations, and has it translate the missing ones once (it stores them: the next export costs nothing).
 */
@Injectable()
export class TranscriptExports {
  constructor(private readonly bus: Bus) {}

  transcript(roomId: string, ownerId: string): Promise<TranscriptResponse> {
    return ownedTranscript(this.bus, roomId, ownerId);
  }

  async export(roomId: string, ownerId: string, format: TranscriptFormat, query: TranscriptExportQuery): Promise<ExportFile> {
    return this.fileOf(roomId, await this.transcript(roomId, ownerId), format, query, true);
  }

  /**
   * A transcript as a file: in `query.lang` when given (as spoken otherwise), times in `query.tz` (UTC by default).
   * For a viewer (not `forOwner`) questions are translated only into a language viewers read now.
   */
  async fileOf(
    roomId: string,
    transcript: TranscriptOf,
    format: TranscriptFormat,
    query: TranscriptExportQuery,
    forOwner = false,
  ): Promise<ExportFile> {
    const { room, messages } = transcript;
    const [texts, questions] = await Promise.all([
      this.textsIn(roomId, messages, query.lang, !forOwner),
      this.questionsIn(roomId, query.lang, forOwner),
    ]);
    const lang = query.lang ?? room.source_language;
    const ui = query.ui ?? DEFAULT_EXPORT_LOCALE;
    return formatExport(format, {
      room,
      ui,
      language: languageLabel(lang, ui),
      tz: query.tz ?? 'UTC',
      locale: query.locale,
      dir: textDirection(lang),
      // Viewers are told of a line only when recognition was unsure of it; owners see every line's confidence.
      lines: messages.map((m, i) => ({
        timestamp: m.message_timestamp,
        confidence: forOwner || m.confidence_level === 'low' ? m.confidence_level : null,
        text: texts[i],
      })),
      questions,
    });
  }

  /** The audience's questions (not the hidden ones), in `lang` when given (translated once), else as asked. */
  private async questionsIn(roomId: string, lang: LanguageCode | undefined, forOwner: boolean): Promise<ExportQuestion[]> {
    const questions: StoredQuestion[] = [];
    for await (const page of exportedQuestions(this.bus, roomId)) questions.push(...page);
    const texts = lang
      ? await questionTexts(this.bus, roomId, lang, questions, { timeoutMs: TRANSLATION_BATCH_TIMEOUT_MS, forOwner })
      : null;
    return questions.map((q, i) => ({
      timestamp: q.createdAt,
      votes: q.votes,
      answered: q.status === 'answered',
      text: texts?.[i]?.text ?? q.text,
    }));
  }

  /**
   * Each message's text in `lang`: its stored translation, one made now when missing, or the original when none
   * could be made. Without `lang`, as spoken.
   */
  async textsIn(roomId: string, messages: TranscriptMessage[], lang: LanguageCode | undefined, onlyInDemand = false): Promise<string[]> {
    const translated = lang ? await this.translations(roomId, lang, onlyInDemand) : null;
    return messages.map((m) => translated?.get(m.message_id) ?? m.text);
  }

  /** Every message of the room in `lang`, by message id, fetched in batches in seq order, until an empty batch. */
  private async translations(roomId: string, lang: LanguageCode, onlyInDemand: boolean): Promise<Map<string, string>> {
    const texts = new Map<string, string>();
    let afterSeq = 0;
    for (;;) {
      const frames = await this.bus.request(
        TRANSLATE_SUBJECTS.history,
        { roomId, lang, afterSeq, limit: TRANSLATION_BATCH, onlyInDemand },
        { timeoutMs: TRANSLATION_BATCH_TIMEOUT_MS },
      );
      for (const frame of frames) texts.set(frame.messageId, frame.text);
      // A page may be cut short to fit the bus (long lines): only an empty one says there is no more.
      if (frames.length === 0) return texts;
      afterSeq = frames[frames.length - 1].seq;
    }
  }
}
