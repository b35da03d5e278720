import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LanguageCode, TranslationFallback } from '@lt/contracts';
import { notPurgedSince } from '@lt/platform';
import { TRANSLATE_DATA_SOURCE, TRANSLATE_SCHEMA } from '../translate.database';

/** A claim older than this is taken to be of a replica that died while translating: another may claim it. */
const STALE_CLAIM_SECONDS = 120;

export interface QuestionTranslationRow {
  text: string | null;
  fallback: TranslationFallback | null;
}

/** The translations of questions, one row per (question, language), claimed before they are made. */
@Injectable()
export class QuestionTranslationsRepository {
  constructor(@Inject(TRANSLATE_DATA_SOURCE) private readonly db: DataSource) {}

  async find(questionId: string, lang: LanguageCode): Promise<QuestionTranslationRow | null> {
    const rows: QuestionTranslationRow[] = await this.db.query(
      `SELECT text, fallback FROM translate.question_translations WHERE question_id = $1 AND lang = $2`,
      [questionId, lang],
    );
    return rows[0] ?? null;
  }

  /** The made translations of some questions into one language, by question id. */
  async findMany(questionIds: string[], lang: LanguageCode): Promise<Map<string, QuestionTranslationRow>> {
    if (questionIds.length === 0) return new Map();
    const rows: (QuestionTranslationRow & { question_id: string })[] = await this.db.query(
      `SELECT question_id, text, fallback FROM translate.question_translations
       WHERE question_id = ANY($1::uuid[]) AND lang = $2 AND text IS NOT NULL`,
      [questionIds, lang],
    );
    return new Map(rows.map((r) => [r.question_id, { text: r.text, fallback: r.fallback }]));
  }

  /**
   * True when this caller may translate the question into `lang` (nobody has, or its claim went stale). Never for
   * a question asked (`askedAt`; unknown: any time) before its room's content went.
   */
  async claim(roomId: string, questionId: string, lang: LanguageCode, askedAt?: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `INSERT INTO translate.question_translations (question_id, lang, room_id)
       SELECT $1, $2, $3 WHERE ${notPurgedSince(TRANSLATE_SCHEMA, '$3::uuid', "coalesce($5::timestamptz, '-infinity')")}
       ON CONFLICT (question_id, lang) DO UPDATE SET claimed_at = now()
       WHERE question_translations.text IS NULL AND question_translations.claimed_at < now() - make_interval(secs => $4)
       RETURNING question_id`,
      [questionId, lang, roomId, STALE_CLAIM_SECONDS, askedAt ?? null],
    );
    return rows.length > 0;
  }

  async fill(questionId: string, lang: LanguageCode, text: string, fallback: TranslationFallback | null): Promise<void> {
    await this.db.query(`UPDATE translate.question_translations SET text = $3, fallback = $4 WHERE question_id = $1 AND lang = $2`, [
      questionId,
      lang,
      text,
      fallback,
    ]);
  }

  /** A claim given up (no translation could be made now): the next asker tries again. */
  async release(questionId: string, lang: LanguageCode): Promise<void> {
    await this.db.query(`DELETE FROM translate.question_translations WHERE question_id = $1 AND lang = $2 AND text IS NULL`, [
      questionId,
      lang,
    ]);
  }
}
