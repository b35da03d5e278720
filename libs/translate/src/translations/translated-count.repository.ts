import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TRANSLATE_DATA_SOURCE } from '../translate.database';
import { TranslationEntity } from './translation.entity';

/** How many of a room's messages translate-svc translated, for the room's evaluation when it ends. */
@Injectable()
export class TranslatedCountRepository {
  constructor(@Inject(TRANSLATE_DATA_SOURCE) private readonly db: DataSource) {}

  /** Messages with a stored provider translation into at least one language; a fallback to the original is not one. */
  async translatedMessages(roomId: string): Promise<{ translated: number }> {
    const row = await this.db
      .getRepository(TranslationEntity)
      .createQueryBuilder('t')
      .select('count(DISTINCT t.messageId)', 'translated')
      .where('t.roomId = :roomId', { roomId })
      .andWhere('t.fallback IS NULL')
      .getRawOne<{ translated: string }>();
    return { translated: Number(row?.translated ?? 0) };
  }
}
