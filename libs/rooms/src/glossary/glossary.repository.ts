import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { GlossaryEntry } from '@lt/contracts';
import { ROOMS_DATA_SOURCE } from '../rooms.database';
import { GlossaryEntity } from './glossary.entity';

export interface StoredGlossary {
  version: number;
  entries: GlossaryEntry[];
}

@Injectable()
export class GlossaryRepository {
  constructor(@Inject(ROOMS_DATA_SOURCE) private readonly db: DataSource) {}

  async find(roomId: string): Promise<StoredGlossary | null> {
    const row = await this.db.getRepository(GlossaryEntity).findOneBy({ roomId });
    return row ? { version: row.version, entries: row.entries } : null;
  }

  /**
   * Stores the entries in one statement, so two editors saving at once each get their own version. Null when
   * they are the ones already stored (nothing changed, the version stays).
   */
  async replace(roomId: string, entries: GlossaryEntry[]): Promise<number | null> {
    const rows: { version: number }[] = await this.db.query(
      `INSERT INTO rooms.room_glossaries AS g (room_id, version, entries, updated_at) VALUES ($1, 1, $2::jsonb, now())
       ON CONFLICT (room_id) DO UPDATE SET version = g.version + 1, entries = EXCLUDED.entries, updated_at = now()
       WHERE g.entries IS DISTINCT FROM EXCLUDED.entries
       RETURNING version`,
      [roomId, JSON.stringify(entries)],
    );
    return rows[0]?.version ?? null;
  }
}
