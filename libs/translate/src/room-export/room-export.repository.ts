import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ROOM_SUMMARIES_EXPORT_MAX,
  type LanguageCode,
  type RoomTranslationsExportRequest,
  type StoredSummary,
  type StoredTranslation,
} from '@lt/contracts';
import { withinBytes } from '@lt/platform';
import { TRANSLATE_DATA_SOURCE } from '../translate.database';

/** Summaries read at a time; the page is then cut to BUS_PAGE_BYTES. */
const SUMMARIES_PAGE_ROWS = 500;

interface TranslationRow {
  message_id: string;
  seq: number;
  lang: LanguageCode;
  text: string;
  fallback: 'service' | 'original' | null;
  created_at: Date;
}

interface SummaryRow {
  lang: LanguageCode;
  from_seq: number;
  up_to_seq: number;
  text: string;
  created_at: Date;
}

/** What translate-svc stores of a room, read a page at a time for its owner's archive; nothing is made for it. */
@Injectable()
export class RoomExportRepository {
  constructor(@Inject(TRANSLATE_DATA_SOURCE) private readonly db: DataSource) {}

  /** Translations after the cursor (seq, language), by seq then language. */
  async translations({ roomId, afterSeq, afterLang, limit }: RoomTranslationsExportRequest): Promise<StoredTranslation[]> {
    const rows: TranslationRow[] = await this.db.query(
      `SELECT message_id, seq, lang, text, fallback, created_at FROM translate.translations
       WHERE room_id = $1 AND (seq, lang) > ($2, $3) ORDER BY seq, lang LIMIT $4`,
      [roomId, afterSeq, afterLang ?? '', limit],
    );
    return withinBytes(
      rows.map((r) => ({
        messageId: r.message_id,
        seq: r.seq,
        lang: r.lang,
        text: r.text,
        fallback: r.fallback,
        createdAt: r.created_at.toISOString(),
      })),
    );
  }

  /** A page of the room's summaries, oldest first, the first `offset` skipped (ROOM_SUMMARIES_EXPORT_MAX in all). */
  async summaries(roomId: string, offset = 0): Promise<StoredSummary[]> {
    const rows: SummaryRow[] = await this.db.query(
      `SELECT lang, from_seq, up_to_seq, text, created_at FROM translate.summaries
       WHERE room_id = $1 ORDER BY created_at, lang, from_seq, up_to_seq OFFSET $2 LIMIT $3`,
      [roomId, offset, Math.max(0, Math.min(SUMMARIES_PAGE_ROWS, ROOM_SUMMARIES_EXPORT_MAX - offset))],
    );
    return withinBytes(
      rows.map((r) => ({
        lang: r.lang,
        fromSeq: r.from_seq,
        upToSeq: r.up_to_seq,
        text: r.text,
        createdAt: r.created_at.toISOString(),
      })),
    );
  }
}
