import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { LanguageCode } from '@lt/contracts';
import { notPurgedThrough } from '@lt/platform';
import { TRANSLATE_DATA_SOURCE, TRANSLATE_SCHEMA } from '../translate.database';
import { TranslationEntity } from './translation.entity';

/** The room ($2) was not purged through the line's seq ($4). */
const NOT_PURGED = notPurgedThrough(TRANSLATE_SCHEMA, '$2::uuid', '$4::int');

@Injectable()
export class TranslationsRepository {
  constructor(@Inject(TRANSLATE_DATA_SOURCE) private readonly db: DataSource) {}

  findOne(roomId: string, messageId: string, lang: LanguageCode): Promise<TranslationEntity | null> {
    return this.db.getRepository(TranslationEntity).findOneBy({ roomId, messageId, lang });
  }

  findMany(roomId: string, lang: LanguageCode, messageIds: string[]): Promise<TranslationEntity[]> {
    if (messageIds.length === 0) return Promise.resolve([]);
    return this.db.getRepository(TranslationEntity).findBy({ roomId, lang, messageId: In(messageIds) });
  }

  /** Keeps the first translation stored for a (room, message, language); none for a room deleted or purged meanwhile. */
  async save(row: Omit<TranslationEntity, 'id' | 'createdAt'>): Promise<void> {
    await this.db.query(
      `INSERT INTO translate.translations (id, room_id, message_id, seq, lang, text, fallback, created_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, now() WHERE ${NOT_PURGED}
       ON CONFLICT (room_id, message_id, lang) DO NOTHING`,
      [crypto.randomUUID(), row.roomId, row.messageId, row.seq, row.lang, row.text, row.fallback],
    );
  }

  /** The languages a room's messages have stored translations in. */
  async languagesOf(roomId: string, messageIds: string[]): Promise<LanguageCode[]> {
    if (messageIds.length === 0) return [];
    const rows: { lang: LanguageCode }[] = await this.db.query(
      `SELECT DISTINCT lang FROM translate.translations WHERE room_id = $1 AND message_id = ANY($2::varchar[])`,
      [roomId, messageIds],
    );
    return rows.map((row) => row.lang);
  }

  /** A translation made again with a newer glossary: it replaces whatever was stored for the message. */
  async revise(
    row: Pick<TranslationEntity, 'roomId' | 'messageId' | 'seq' | 'lang' | 'text'> & { glossaryVersion: number },
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO translate.translations (id, room_id, message_id, seq, lang, text, fallback, created_at, revised_at, glossary_version)
       SELECT $1, $2, $3, $4, $5, $6, NULL, now(), now(), $7 WHERE ${NOT_PURGED}
       ON CONFLICT (room_id, message_id, lang)
       DO UPDATE SET text = EXCLUDED.text, fallback = NULL, revised_at = now(), glossary_version = EXCLUDED.glossary_version`,
      [crypto.randomUUID(), row.roomId, row.messageId, row.seq, row.lang, row.text, row.glossaryVersion],
    );
  }

  /** The revised translations of a language at or before `upToSeq`: the latest `limit`, oldest first. */
  async revised(roomId: string, lang: LanguageCode, upToSeq: number, limit: number): Promise<TranslationEntity[]> {
    const rows = await this.db
      .getRepository(TranslationEntity)
      .createQueryBuilder('t')
      .where('t.room_id = :roomId AND t.lang = :lang AND t.seq <= :upToSeq AND t.revised_at IS NOT NULL', { roomId, lang, upToSeq })
      .orderBy('t.seq', 'DESC')
      .limit(limit)
      .getMany();
    return rows.reverse();
  }
}
