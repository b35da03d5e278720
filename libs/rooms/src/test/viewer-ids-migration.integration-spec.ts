import { createHmac } from 'node:crypto';
import { openServiceDatabase } from '@lt/platform';
import { createTestDatabase, type TestDatabase } from '@lt/testing';
import { ROOMS_MIGRATIONS, ROOMS_SCHEMA } from '../rooms.database';

jest.setTimeout(60_000);

const keyed = (key: string, roomId: string, clientId: string) =>
  createHmac('sha256', key).update(`${roomId}:${clientId}`).digest('hex').slice(0, 32);

/**
 * Questions and votes stored with the browser's own client id before ids were keyed: the migration keys them, and
 * keeps every question and vote.
 */
describe('keying the viewer ids of stored questions and votes', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('hashes every stored client id with the kept key, losing no question nor vote', async () => {
    const at = ROOMS_MIGRATIONS.findIndex((m) => m.name === 'KeyQuestionViewerIds1765300000002');
    expect(at).toBeGreaterThan(0);
    const before = await openServiceDatabase({
      url: db.url,
      schema: ROOMS_SCHEMA,
      entities: [],
      migrations: ROOMS_MIGRATIONS.slice(0, at),
    });
    const roomId = crypto.randomUUID();
    const questionId = crypto.randomUUID();
    await before.query(
      `INSERT INTO rooms.rooms (id, owner_id, name, viewer_link, host_key_hash, status, created_at, updated_at)
       VALUES ($1, NULL, 'Old', 'http://x/view/1', 'h', 'active', now(), now())`,
      [roomId],
    );
    await before.query(
      `INSERT INTO rooms.questions (id, room_id, text, lang, client_id, votes) VALUES ($1, $2, 'Old?', 'en', 'asker-0001', 1)`,
      [questionId, roomId],
    );
    await before.query(`INSERT INTO rooms.question_votes (question_id, room_id, client_id) VALUES ($1, $2, 'voter-0001')`, [
      questionId,
      roomId,
    ]);
    await before.destroy();

    const after = await openServiceDatabase({ url: db.url, schema: ROOMS_SCHEMA, entities: [], migrations: ROOMS_MIGRATIONS });
    const [{ key }] = await after.query(`SELECT key FROM rooms.viewer_id_key`);
    const questions = await after.query(`SELECT id, viewer_id, votes FROM rooms.questions`);
    const votes = await after.query(`SELECT question_id, viewer_id FROM rooms.question_votes`);
    await after.destroy();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(questions).toEqual([{ id: questionId, viewer_id: keyed(key, roomId, 'asker-0001'), votes: 1 }]);
    expect(votes).toEqual([{ question_id: questionId, viewer_id: keyed(key, roomId, 'voter-0001') }]);
  });
});
