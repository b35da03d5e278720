import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ROOMS_DATA_SOURCE } from '../rooms.database';
import { IngestKeyEntity } from './ingest-key.entity';

@Injectable()
export class IngestKeysRepository {
  constructor(@Inject(ROOMS_DATA_SOURCE) private readonly db: DataSource) {}

  find(roomId: string): Promise<IngestKeyEntity | null> {
    return this.db.getRepository(IngestKeyEntity).findOneBy({ roomId });
  }

  findByHash(keyHash: string): Promise<IngestKeyEntity | null> {
    return this.db.getRepository(IngestKeyEntity).findOneBy({ keyHash });
  }

  /** The room's key becomes this one in one statement: the old one opens nothing from then on. */
  async replace(roomId: string, keyHash: string): Promise<Date> {
    const rows: { created_at: Date }[] = await this.db.query(
      `INSERT INTO rooms.room_ingest_keys (room_id, key_hash, created_at) VALUES ($1, $2, now())
       ON CONFLICT (room_id) DO UPDATE SET key_hash = EXCLUDED.key_hash, created_at = now()
       RETURNING created_at`,
      [roomId, keyHash],
    );
    return rows[0].created_at;
  }
}
