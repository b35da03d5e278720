import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { notPurgedThrough } from '@lt/platform';
import { TRANSLATE_DATA_SOURCE, TRANSLATE_SCHEMA } from '../translate.database';
import { EnhancementEntity } from './enhancement.entity';

@Injectable()
export class EnhancementsRepository {
  constructor(@Inject(TRANSLATE_DATA_SOURCE) private readonly db: DataSource) {}

  async textOf(roomId: string, messageId: string): Promise<string | null> {
    return (await this.db.getRepository(EnhancementEntity).findOneBy({ roomId, messageId }))?.text ?? null;
  }

  async textsOf(roomId: string, messageIds: string[]): Promise<Map<string, string>> {
    if (messageIds.length === 0) return new Map();
    const rows = await this.db.getRepository(EnhancementEntity).findBy({ roomId, messageId: In(messageIds) });
    return new Map(rows.map((row) => [row.messageId, row.text]));
  }

  /** Keeps the first improvement stored for a message (of seq `seq`); none for a room purged meanwhile. */
  async save(roomId: string, messageId: string, seq: number, text: string): Promise<void> {
    await this.db.query(
      `INSERT INTO translate.enhancements (room_id, message_id, text, created_at)
       SELECT $1, $2, $3, now() WHERE ${notPurgedThrough(TRANSLATE_SCHEMA, '$1::uuid', '$4::int')}
       ON CONFLICT (room_id, message_id) DO NOTHING`,
      [roomId, messageId, text, seq],
    );
  }
}
