import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAudio1764000000000 implements MigrationInterface {
  name = 'CreateAudio1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE tts.audio (
        room_id uuid NOT NULL,
        message_id varchar(64) NOT NULL,
        lang varchar(10) NOT NULL,
        mime varchar(32) NOT NULL,
        audio bytea NOT NULL,
        characters integer NOT NULL,
        provider varchar(16) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (room_id, message_id, lang)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE tts.audio`);
  }
}
