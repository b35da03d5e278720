import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A room's analytics, one row per minute (and language, task or delay bucket), never per sentence or frame:
 * the services count in memory and add their minute about once a minute. Viewer counts are the most at once
 * in the minute (every rooms-svc replica writes the same, so the larger is kept); the rest are sums. The
 * room's unique viewers are the browser ids seen, hashed with the room. A deleted room takes them with it.
 */
export class CreateRoomAnalytics1764600000000 implements MigrationInterface {
  name = 'CreateRoomAnalytics1764600000000';

  async up(q: QueryRunner): Promise<void> {
    const room = 'room_id uuid NOT NULL REFERENCES rooms.rooms (id) ON DELETE CASCADE';
    await q.query(`
      CREATE TABLE rooms.room_minutes (
        ${room},
        minute timestamptz NOT NULL,
        peak_viewers integer NOT NULL DEFAULT 0 CHECK (peak_viewers >= 0),
        sentences integer NOT NULL DEFAULT 0 CHECK (sentences >= 0),
        PRIMARY KEY (room_id, minute)
      )`);
    await q.query(`CREATE INDEX room_minutes_minute ON rooms.room_minutes (minute)`);
    await q.query(`
      CREATE TABLE rooms.room_minute_languages (
        ${room},
        minute timestamptz NOT NULL,
        lang varchar(10) NOT NULL,
        viewers integer NOT NULL DEFAULT 0 CHECK (viewers >= 0),
        fallback integer NOT NULL DEFAULT 0 CHECK (fallback >= 0),
        original integer NOT NULL DEFAULT 0 CHECK (original >= 0),
        PRIMARY KEY (room_id, minute, lang)
      )`);
    await q.query(`
      CREATE TABLE rooms.room_minute_delays (
        ${room},
        minute timestamptz NOT NULL,
        lang varchar(10) NOT NULL,
        bucket smallint NOT NULL CHECK (bucket >= 0),
        samples integer NOT NULL CHECK (samples >= 0),
        PRIMARY KEY (room_id, minute, lang, bucket)
      )`);
    await q.query(`
      CREATE TABLE rooms.room_minute_tokens (
        ${room},
        minute timestamptz NOT NULL,
        task varchar(20) NOT NULL,
        tokens bigint NOT NULL CHECK (tokens >= 0),
        PRIMARY KEY (room_id, minute, task)
      )`);
    await q.query(`
      CREATE TABLE rooms.room_viewers (
        ${room},
        viewer char(32) NOT NULL,
        first_seen timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (room_id, viewer)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['room_viewers', 'room_minute_tokens', 'room_minute_delays', 'room_minute_languages', 'room_minutes'])
      await q.query(`DROP TABLE rooms.${table}`);
  }
}
