import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { TRANSLATE_DATA_SOURCE } from '../translate.database';
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

  /** Keeps the first improvement stored for a message. */
  async save(roomId: string, messageId: string, text: string): Promise<void> {
    await this.db
      .createQueryBuilder()
      .insert()
      .into(EnhancementEntity)
      .values({ roomId, messageId, text, createdAt: new Date() })
      .orIgnore()
      .execute();
  }
}
