import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { ServiceHealth } from '@lt/contracts';
import { databaseHealth } from '@lt/platform';
import { TTS_DATA_SOURCE } from '../tts.database';
import { AudioEntity } from './audio.entity';

export interface AudioKey {
  roomId: string;
  messageId: string;
  lang: string;
}

@Injectable()
export class AudioRepository {
  constructor(@Inject(TTS_DATA_SOURCE) private readonly db: DataSource) {}

  health(): Promise<ServiceHealth> {
    return databaseHealth(this.db);
  }

  find(key: AudioKey): Promise<AudioEntity | null> {
    return this.db.getRepository(AudioEntity).findOneBy(key);
  }

  /**
   * Runs `make` holding a lock on the key, across every replica of tts-svc (a PostgreSQL advisory lock for
   * the transaction): the second asker finds the first one's audio instead of paying for it again.
   */
  async onceFor(key: AudioKey, make: () => Promise<AudioEntity>): Promise<AudioEntity> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${key.roomId}:${key.messageId}:${key.lang}`]);
      const found = await tx.getRepository(AudioEntity).findOneBy(key);
      if (found) return found;
      const made = await make();
      await tx.getRepository(AudioEntity).insert(made);
      return made;
    });
  }

  async deleteRooms(roomIds: string[]): Promise<number> {
    if (!roomIds.length) return 0;
    return (await this.db.getRepository(AudioEntity).delete({ roomId: In(roomIds) })).affected ?? 0;
  }
}
