import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { LanguageCode, ListOwnedRoomsRequest, Retention, RoomOrder, RoomStatus } from '@lt/contracts';
import { ROOMS_DATA_SOURCE } from '../rooms.database';
import { RoomEntity, RoomEvaluationEntity } from './room.entity';

export interface NewRoom {
  id: string;
  ownerId: string | null;
  name: string;
  viewerLink: string;
  hostKeyHash: string;
  sourceLanguage?: LanguageCode | null;
  scheduledAt?: Date | null;
  durationMinutes: number;
  viewerDownloads?: boolean;
  retention?: Retention;
  fastCaptions?: boolean;
  questionsEnabled?: boolean;
  endedAllowance?: number | null;
}

/** What the edit form may change; an absent field stays as it is. */
export type RoomChanges = Partial<
  Pick<
    RoomEntity,
    | 'name'
    | 'sourceLanguage'
    | 'scheduledAt'
    | 'durationMinutes'
    | 'viewerDownloads'
    | 'retention'
    | 'fastCaptions'
    | 'questionsEnabled'
    | 'endedAllowance'
  >
>;

/** How a room went, measured when it ended. */
export type RoomTotals = Pick<RoomEvaluationEntity, 'endTime' | 'totalMessages' | 'translatedMessages' | 'successRate'>;

/**
 * The dashboard's orders: latest created, next scheduled (unscheduled last), latest updated; ties fall to the
 * newest created, so pages never shuffle.
 */
const ORDERS: Record<RoomOrder, [string, 'ASC' | 'DESC', ('NULLS FIRST' | 'NULLS LAST')?][]> = {
  created_desc: [['r.createdAt', 'DESC']],
  scheduled_asc: [
    ['r.scheduledAt', 'ASC', 'NULLS LAST'],
    ['r.createdAt', 'DESC'],
  ],
  updated_desc: [
    ['r.updatedAt', 'DESC'],
    ['r.createdAt', 'DESC'],
  ],
};

/** What the pg driver answers to an UPDATE or DELETE … RETURNING through TypeORM: the rows and their count. */
type Returning = [{ id: string }[], number];

@Injectable()
export class RoomsRepository {
  constructor(@Inject(ROOMS_DATA_SOURCE) private readonly db: DataSource) {}

  /** Inserts the room and its evaluation record (room_evaluations) in one transaction. */
  async create(room: NewRoom): Promise<RoomEntity> {
    return this.db.transaction(async (em) => {
      const now = new Date();
      const entity = em.create(RoomEntity, {
        ...room,
        sourceLanguage: room.sourceLanguage ?? null,
        status: 'scheduled',
        scheduledAt: room.scheduledAt ?? null,
        viewerDownloads: room.viewerDownloads ?? true,
        retention: room.retention ?? 'keep',
        endedAt: null,
        transcriptDeletedAt: null,
        fastCaptions: room.fastCaptions ?? true,
        questionsEnabled: room.questionsEnabled ?? false,
        endedAllowance: room.endedAllowance ?? null,
        lastSeq: 0,
        createdAt: now,
        updatedAt: now,
      });
      await em.insert(RoomEntity, entity);
      await em.insert(RoomEvaluationEntity, {
        id: crypto.randomUUID(),
        roomId: room.id,
        startTime: now,
        endTime: now,
        totalMessages: 0,
        translatedMessages: 0,
        successRate: '100',
      });
      return entity;
    });
  }

  findById(id: string): Promise<RoomEntity | null> {
    return this.db.getRepository(RoomEntity).findOneBy({ id });
  }

  /** A page of the owner's rooms, and how many match in all. */
  listOwned(request: ListOwnedRoomsRequest): Promise<[RoomEntity[], number]> {
    const query = this.db
      .getRepository(RoomEntity)
      .createQueryBuilder('r')
      .where('r.ownerId = :ownerId', { ownerId: request.ownerId })
      .take(request.limit);
    if (request.statuses?.length) query.andWhere('r.status IN (:...statuses)', { statuses: request.statuses });
    for (const [column, direction, nulls] of ORDERS[request.order]) query.addOrderBy(column, direction, nulls);
    return query.getManyAndCount();
  }

  /** Applies the changes; null when the room is not there (any more). */
  async update(id: string, changes: RoomChanges): Promise<RoomEntity | null> {
    const result = await this.db.getRepository(RoomEntity).update({ id }, { ...changes, updatedAt: new Date() });
    return result.affected ? this.findById(id) : null;
  }

  async recordTotals(roomId: string, totals: RoomTotals): Promise<void> {
    await this.db.getRepository(RoomEvaluationEntity).update({ roomId }, totals);
  }

  /** The evaluations of the rooms given, by room id (each room has one from its creation). */
  async evaluationsOf(roomIds: string[]): Promise<Map<string, RoomEvaluationEntity>> {
    if (roomIds.length === 0) return new Map();
    const rows = await this.db.getRepository(RoomEvaluationEntity).findBy({ roomId: In(roomIds) });
    return new Map(rows.map((e) => [e.roomId, e]));
  }

  async setStatus(id: string, status: RoomStatus, sourceLanguage?: LanguageCode): Promise<RoomEntity | null> {
    const patch: Partial<RoomEntity> = { status, updatedAt: new Date() };
    if (sourceLanguage) patch.sourceLanguage = sourceLanguage;
    if (status === 'ended') patch.endedAt = patch.updatedAt;
    const result = await this.db.getRepository(RoomEntity).update({ id }, patch);
    if (!result.affected) return null;
    return this.findById(id);
  }

  /** Gives an anonymous room to `userId` when `hostKeyHash` is its key's; null otherwise (owned, unknown, wrong key). */
  async claim(id: string, userId: string, hostKeyHash: string): Promise<RoomEntity | null> {
    const [claimed]: Returning = await this.db.query(
      `UPDATE rooms.rooms SET owner_id = $2, updated_at = now()
       WHERE id = $1 AND owner_id IS NULL AND host_key_hash = $3 RETURNING id`,
      [id, userId, hostKeyHash],
    );
    return claimed.length ? this.findById(id) : null;
  }

  /** A page of the owner's rooms, oldest first (the owner's archive). */
  exportOwned(ownerId: string, offset: number, limit: number): Promise<RoomEntity[]> {
    return this.db
      .getRepository(RoomEntity)
      .find({ where: { ownerId }, order: { createdAt: 'ASC', id: 'ASC' }, skip: offset, take: limit });
  }

  async idsOwnedBy(ownerId: string): Promise<string[]> {
    const rows = await this.db.getRepository(RoomEntity).find({ select: { id: true }, where: { ownerId } });
    return rows.map((r) => r.id);
  }

  /** Deletes the rooms with their evaluations and transcripts (ON DELETE CASCADE); answers the ids deleted. */
  async deleteByIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const [deleted]: Returning = await this.db.query(`DELETE FROM rooms.rooms WHERE id = ANY($1::uuid[]) RETURNING id`, [ids]);
    return deleted.map((r) => r.id);
  }

  /** Deletes every room of the owner, those created since `idsOwnedBy` too; answers the ids deleted. */
  async deleteOwnedBy(ownerId: string): Promise<string[]> {
    const [deleted]: Returning = await this.db.query(`DELETE FROM rooms.rooms WHERE owner_id = $1 RETURNING id`, [ownerId]);
    return deleted.map((r) => r.id);
  }

  /**
   * Ended rooms whose content the retention setting says must go now and that still have it (never deleted, or
   * ended again since): `none` at once, `days_N` N days after the end. The oldest ends first.
   */
  async dueForDeletion(now: Date, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM rooms.rooms
       WHERE status = 'ended' AND retention <> 'keep' AND ended_at IS NOT NULL
         AND (transcript_deleted_at IS NULL OR transcript_deleted_at < ended_at)
         AND ended_at <= $1::timestamptz - make_interval(days => CASE retention
               WHEN 'days_7' THEN 7 WHEN 'days_30' THEN 30 WHEN 'days_90' THEN 90 ELSE 0 END)
       ORDER BY ended_at LIMIT $2`,
      [now.toISOString(), limit],
    );
    return rows.map((r) => r.id);
  }

  /** Every room, newest first (the admin panel). */
  listAll(): Promise<RoomEntity[]> {
    return this.db.getRepository(RoomEntity).find({ order: { createdAt: 'DESC', id: 'ASC' } });
  }

  async counts(): Promise<{ totalRooms: number; activeRooms: number }> {
    const [row] = await this.db.query<{ total: string; active: string }[]>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'active') AS active FROM rooms.rooms`,
    );
    return { totalRooms: Number(row.total), activeRooms: Number(row.active) };
  }
}
