import { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether viewers may read and download a room's transcript: on for every room, existing ones included. */
export class AddRoomViewerDownloads1764200000000 implements MigrationInterface {
  name = 'AddRoomViewerDownloads1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rooms.rooms ADD COLUMN viewer_downloads boolean NOT NULL DEFAULT true`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rooms.rooms DROP COLUMN viewer_downloads`);
  }
}
