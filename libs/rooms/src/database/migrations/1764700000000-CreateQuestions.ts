import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Questions from a room's audience, off by default per room: each question with its votes (one per viewer
 * client id) and status; the client id and a hash of the address asked from bound the rate. A deleted room
 * takes its questions and votes with it.
 */
export class CreateQuestions1764700000000 implements MigrationInterface {
  name = 'CreateQuestions1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rooms.rooms ADD COLUMN questions_enabled boolean NOT NULL DEFAULT false`);
    await q.query(`
      CREATE TABLE rooms.questions (
        id uuid PRIMARY KEY,
        room_id uuid NOT NULL REFERENCES rooms.rooms (id) ON DELETE CASCADE,
        text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 500),
        lang varchar(16) NOT NULL,
        client_id varchar(64) NOT NULL,
        votes integer NOT NULL DEFAULT 0 CHECK (votes >= 0),
        status varchar(16) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'hidden')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX questions_room_idx ON rooms.questions (room_id, created_at)`);
    await q.query(`
      CREATE TABLE rooms.question_votes (
        question_id uuid NOT NULL REFERENCES rooms.questions (id) ON DELETE CASCADE,
        room_id uuid NOT NULL REFERENCES rooms.rooms (id) ON DELETE CASCADE,
        client_id varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (question_id, client_id)
      )`);
    await q.query(`CREATE INDEX question_votes_room_idx ON rooms.question_votes (room_id, client_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rooms.question_votes`);
    await q.query(`DROP TABLE rooms.questions`);
    await q.query(`ALTER TABLE rooms.rooms DROP COLUMN questions_enabled`);
  }
}
