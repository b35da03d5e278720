import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { PurgeMark, ServiceHealth } from '@lt/contracts';
import { databaseHealth, notPurgedThrough, recordDeletions, recordPurges } from '@lt/platform';
import { TTS_DATA_SOURCE, TTS_SCHEMA } from '../tts.database';
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
   * the transaction): the second asker finds the first one's audio instead of paying for it again. Audio of a line
   * (of seq `seq`) whose room's content went meanwhile is answered, not kept.
   */
  async onceFor(key: AudioKey, make: () => Promise<{ audio: AudioEntity; seq: number }>): Promise<AudioEntity> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${key.roomId}:${key.messageId}:${key.lang}`]);
      const found = await tx.getRepository(AudioEntity).findOneBy(key);
      if (found) return found;
      const { audio: made, seq } = await make();
      await tx.query(
        `INSERT INTO tts.audio (room_id, message_id, lang, mime, audio, characters, provider, created_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8 WHERE ${notPurgedThrough(TTS_SCHEMA, '$1::uuid', '$9::int')}`,
        [made.roomId, made.messageId, made.lang, made.mime, made.audio, made.characters, made.provider, made.createdAt, seq],
      );
      return made;
    });
  }

  /**
   * Records the purge (no audio of those rooms is kept again: for good with marks, a while for deleted rooms, which
   * come without), then deletes what they have.
   */
  async purgeRooms(roomIds: string[], marks: PurgeMark[] | undefined): Promise<number> {
    if (marks) await recordPurges(this.db, TTS_SCHEMA, marks);
    else await recordDeletions(this.db, TTS_SCHEMA, roomIds);
    if (!roomIds.length) return 0;
    return (await this.db.getRepository(AudioEntity).delete({ roomId: In(roomIds) })).affected ?? 0;
  }
}
