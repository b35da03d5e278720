import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hmacSha256 } from '@lt/platform';
import { ROOMS_DATA_SOURCE } from '../rooms.database';
import { ROOMS_ENV, type RoomsEnv } from '../rooms.env';

/**
 * What this service keeps of a browser's client id: HMAC-SHA-256 of `roomId:clientId` (32 hex characters), never the
 * id itself (unique viewers, questions, votes). The key: the operator's VIEWER_ID_KEY, else the one kept in
 * `rooms.viewer_id_key` (made once by a migration, the same for every replica). Ids stored before keying were hashed
 * with the kept key: `all` answers both forms, so they are still found.
 */
@Injectable()
export class ViewerIds implements OnModuleInit {
  private kept = '';

  constructor(
    @Inject(ROOMS_DATA_SOURCE) private readonly db: DataSource,
    @Inject(ROOMS_ENV) private readonly env: RoomsEnv,
  ) {}

  async onModuleInit(): Promise<void> {
    const [row]: { key: string }[] = await this.db.query(`SELECT key FROM rooms.viewer_id_key`);
    this.kept = row.key;
  }

  /** The id stored for that client in that room. */
  keyed(roomId: string, clientId: string): string {
    return this.with(this.env.VIEWER_ID_KEY ?? this.kept, roomId, clientId);
  }

  /** Every form under which that client may be stored in that room (the kept key's, when the operator set one). */
  all(roomId: string, clientId: string): string[] {
    const keyed = this.keyed(roomId, clientId);
    return this.env.VIEWER_ID_KEY ? [keyed, this.with(this.kept, roomId, clientId)] : [keyed];
  }

  private with(key: string, roomId: string, clientId: string): string {
    if (!key) throw new Error('viewer ids are keyed only once the module has started');
    return hmacSha256(key, `${roomId}:${clientId}`).slice(0, 32);
  }
}
