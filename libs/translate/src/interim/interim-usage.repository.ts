import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TRANSLATE_DATA_SOURCE } from '../translate.database';

/** The tokens each room has spent on interim translation, counted by every replica in one row per room. */
@Injectable()
export class InterimUsageRepository {
  constructor(@Inject(TRANSLATE_DATA_SOURCE) private readonly db: DataSource) {}

  /** Adds a call's tokens and answers the room's total. */
  async add(roomId: string, tokens: number): Promise<number> {
    const rows: { tokens: string }[] = await this.db.query(
      `INSERT INTO translate.interim_usage (room_id, tokens) VALUES ($1, $2)
       ON CONFLICT (room_id) DO UPDATE SET tokens = translate.interim_usage.tokens + EXCLUDED.tokens RETURNING tokens`,
      [roomId, tokens],
    );
    return Number(rows[0]?.tokens ?? tokens);
  }

  async of(roomId: string): Promise<number> {
    const rows: { tokens: string }[] = await this.db.query(`SELECT tokens FROM translate.interim_usage WHERE room_id = $1`, [roomId]);
    return Number(rows[0]?.tokens ?? 0);
  }
}
