import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { LanguageCode } from '@lt/contracts';
import { PurgedRooms } from '../room-purge/purged-rooms';
import { TRANSLATE_DATA_SOURCE } from '../translate.database';
import { TranslationEntity } from './translation.entity';

@Injectable()
export class TranslationsRepository {
  constructor(
    @Inject(TRANSLATE_DATA_SOURCE) private readonly db: DataSource,
    private readonly purged: PurgedRooms,
  ) {}

  findOne(roomId: string, messageId: string, lang: LanguageCode): Promise<TranslationEntity | null> {
    return this.db.getRepository(TranslationEntity).findOneBy({ roomId, messageId, lang });
  }

  findMany(roomId: string, lang: LanguageCode, messageIds: string[]): Promise<TranslationEntity[]> {
    if (messageIds.length === 0) return Promise.resolve([]);
    return this.db.getRepository(TranslationEntity).findBy({ roomId, lang, messageId: In(messageIds) });
  }

  /** Keeps the first translation stored for a (room, message, language); none for a room deleted meanwhile. */
  async save(row: Omit<TranslationEntity, 'id' | 'createdAt'>): Promise<void> {
    if (this.purged.has(row.roomId)) return;
    await this.db
      .createQueryBuilder()
      .insert()
      .into(TranslationEntity)
      .values({ ...row, id: crypto.randomUUID(), createdAt: new Date() })
      .orIgnore()
      .execute();
  }
}
