import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * A service's record of the rooms deleted lately (`<schema>.deleted_rooms`), shared by its replicas and durable across
 * restarts: a writer still finishing work for a room when it was deleted (on a replica that missed the deletion, or
 * one that started after it) stores nothing for it. Nothing of a deleted room keeps its id, so a row holds a digest of
 * the id, which only answers "was this room deleted lately" to one who has the id, and goes once the window is over.
 */
export const DELETED_ROOMS_TABLE = 'deleted_rooms';

/** Longer than any work started before a room's deletion can take (a model call, a summary, a revision, audio). */
export const DELETED_ROOM_WINDOW_MINUTES = 15;

/** The digest a row is found by, for an SQL expression of the room's id (a uuid). */
const digestOf = (room: string) => `sha256(convert_to((${room})::text, 'UTF8'))`;

/** The migration's statements: one row per room deleted lately, found by its digest, swept by time. */
export async function createDeletedRoomsTable(q: QueryRunner, schema: string): Promise<void> {
  await q.query(`
    CREATE TABLE ${schema}.${DELETED_ROOMS_TABLE} (
      room_digest bytea PRIMARY KEY,
      deleted_at timestamptz NOT NULL DEFAULT now()
    )`);
  await q.query(`CREATE INDEX ${DELETED_ROOMS_TABLE}_deleted_at ON ${schema}.${DELETED_ROOMS_TABLE} (deleted_at)`);
}

/** Records deleted rooms (again: the window starts over); `DeletedRoomsSweep` forgets those whose window is over. */
export async function recordDeletions(db: DataSource | EntityManager, schema: string, roomIds: string[]): Promise<void> {
  if (roomIds.length === 0) return;
  await db.query(
    `INSERT INTO ${schema}.${DELETED_ROOMS_TABLE} (room_digest, deleted_at)
     SELECT ${digestOf('id')}, now() FROM unnest($1::uuid[]) id
     ON CONFLICT (room_digest) DO UPDATE SET deleted_at = now()`,
    [roomIds],
  );
}

/** Forgets the rooms deleted longer ago than the window: nothing of them is kept past it. */
export async function sweepDeletions(db: DataSource | EntityManager, schema: string): Promise<void> {
  await db.query(
    `DELETE FROM ${schema}.${DELETED_ROOMS_TABLE} WHERE deleted_at < now() - make_interval(mins => ${DELETED_ROOM_WINDOW_MINUTES})`,
  );
}

/** A condition for a write's `WHERE`: the room (an SQL expression, e.g. `$2::uuid`) was not deleted lately. */
export function notDeleted(schema: string, room: string): string {
  return `NOT EXISTS (SELECT 1 FROM ${schema}.${DELETED_ROOMS_TABLE} d WHERE d.room_digest = ${digestOf(room)}
    AND d.deleted_at >= now() - make_interval(mins => ${DELETED_ROOM_WINDOW_MINUTES}))`;
}

/** Sweeps a service's record every minute, so a digest goes soon after its window even when no room is deleted. */
export class DeletedRoomsSweep {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: DataSource,
    private readonly schema: string,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void sweepDeletions(this.db, this.schema).catch(() => undefined), 60_000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}

/** The sweep of a service's record, as a provider of its module (on its data source's token). */
export function deletedRoomsSweepProvider(dataSource: symbol, schema: string) {
  return { provide: DeletedRoomsSweep, useFactory: (db: DataSource) => new DeletedRoomsSweep(db, schema), inject: [dataSource] };
}
