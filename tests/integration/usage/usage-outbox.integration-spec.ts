import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { ROOMS_SUBJECTS, USAGE_SUBJECTS, type UsageEventType } from '@lt/contracts';
import { createTestDatabase, eventually, type TestDatabase } from '@lt/testing';
import { BusUsageMeter, USAGE_OUTBOX, type UsageOutbox } from '@lt/usage';
import { describeStack } from '../../support/describe-stack';
import { startStack, type Stack } from '../../support/stack';
import { authApi } from '../auth-api';
import { newUser, ownedRoom } from '../dashboard-api';
import { createRoom, MODES } from '../helpers';

jest.setTimeout(60_000);

const until = (what: string, probe: () => Promise<boolean>, timeoutMs = 20_000) => eventually(probe, { what, timeoutMs });

/** What the ledger of accounts-svc holds: an owner's tokens_used, an anonymous room's budget, and its rows. */
function ledger(sql: Client) {
  const one = async (query: string, params: unknown[]) => Number((await sql.query(query, params)).rows[0]?.n ?? 0);
  return {
    ownerUsed: (userId: string) => one(`SELECT tokens_used AS n FROM accounts.profiles WHERE id = $1`, [userId]),
    roomUsed: (roomId: string) => one(`SELECT tokens_used AS n FROM accounts.room_budgets WHERE room_id = $1`, [roomId]),
    events: async () =>
      (await sql.query(`SELECT event_id, user_id, room_id, tokens FROM accounts.token_usage ORDER BY event_id`)).rows as {
        event_id: string;
        user_id: string | null;
        room_id: string;
        tokens: number;
      }[],
    outbox: (schema: 'translate' | 'tts') => one(`SELECT count(*)::int AS n FROM ${schema}.usage_outbox`, []),
  };
}

const meterOf = (app: INestApplication): BusUsageMeter => app.get(BusUsageMeter, { strict: false });

/**
 * A usage report is written to the reporting service's outbox before it is sent: reports made while
 * accounts-svc is away survive their process dying without a shutdown, are sent by the next process, and are
 * applied exactly once however often they are sent.
 */
describe.each(MODES.filter((mode) => mode === 'distributed'))('durable usage reports (%s mode)', (mode) => {
  const suite = describeStack({ mode, llm: false });
  let sql: Client;

  beforeAll(async () => {
    sql = await suite.sql();
  });

  it('applies every report once after the reporting service died with them unsent', async () => {
    const { stack } = suite;
    const owner = await newUser(authApi(stack.baseUrl), 'outbox');
    const owned = (await ownedRoom(authApi(stack.baseUrl), owner)).room.id;
    const anonymous = (await createRoom(stack.baseUrl, 'Anonymous')).room.id;
    const book = ledger(sql);
    await stack.stopService('accounts-svc');

    const reports: [string, UsageEventType, number][] = Array.from({ length: 30 }, (_, i) => [
      i % 3 ? owned : anonymous,
      i % 5 ? 'translation' : 'summary',
      10 + i,
    ]);
    // Fresh processes: their meters do not know the rooms' owners yet.
    const translate = await stack.stopService('translate-svc').then(() => stack.startService('translate-svc'));
    const tts = await stack.stopService('tts-svc').then(() => stack.startService('tts-svc'));
    for (const [roomId, type, tokens] of reports.slice(0, 25)) meterOf(translate).report(roomId, type, tokens);
    for (const [roomId, , tokens] of reports.slice(25)) meterOf(tts).report(roomId, 'tts', tokens);
    await until('30 reports in the outboxes', async () => (await book.outbox('translate')) === 25 && (await book.outbox('tts')) === 5);
    stack.abandonService('translate-svc');
    stack.abandonService('tts-svc');

    const restarted = await stack.startService('translate-svc');
    await stack.startService('tts-svc');
    // Absence under test: nothing may leave the outbox while accounts-svc is away. The new process sends at start and
    // again after each failure; once it has given rows back as unsent, what it sent is settled.
    const released = jest.spyOn(restarted.get<UsageOutbox>(USAGE_OUTBOX, { strict: false }), 'release');
    await until('a send of the new translate-svc failed', async () => released.mock.calls.length > 0);
    expect(await book.outbox('translate')).toBe(25);
    await stack.startService('accounts-svc');

    const expected = (roomId: string) => reports.filter(([r]) => r === roomId).reduce((sum, [, , tokens]) => sum + tokens, 0);
    await until('every report applied', async () => (await book.events()).length === reports.length);
    await until('the outboxes emptied', async () => (await book.outbox('translate')) + (await book.outbox('tts')) === 0);
    expect(await book.ownerUsed(owner.userId)).toBe(expected(owned));
    expect(await book.roomUsed(anonymous)).toBe(expected(anonymous));
    const events = await book.events();
    expect(new Set(events.map((e) => `${e.room_id}:${e.user_id}`))).toEqual(new Set([`${owned}:${owner.userId}`, `${anonymous}:null`]));

    // The same report again, once after the other and ten times at once: applied once.
    const again = {
      eventId: events[0].event_id,
      roomId: events[0].room_id,
      ownerId: events[0].user_id,
      tokens: events[0].tokens,
      eventType: 'translation' as const,
    };
    await expect(stack.bus.request(USAGE_SUBJECTS.apply, again)).resolves.toEqual({ applied: false });
    const fresh = { eventId: crypto.randomUUID(), roomId: owned, ownerId: owner.userId, tokens: 7, eventType: 'translation' as const };
    const answers = await Promise.all(Array.from({ length: 10 }, () => stack.bus.request(USAGE_SUBJECTS.apply, fresh)));
    expect(answers.filter((a) => a.applied)).toHaveLength(1);
    // Each answer comes once its report's transaction is committed: after the last one the ledger is final.
    expect(await book.ownerUsed(owner.userId)).toBe(expected(owned) + 7);
    expect(await book.roomUsed(anonymous)).toBe(expected(anonymous));
  });
});

/** Embedded mode keeps the same outboxes: what an earlier process left in them is applied when the next starts. */
describe('durable usage reports (embedded mode)', () => {
  let db: TestDatabase;
  let sql: Client;
  let stack: Stack | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await stack?.close();
    await db?.drop();
  });

  it('sends at start what an earlier process left, and applies a report once however often it is sent', async () => {
    stack = await startStack({ mode: 'embedded', databaseUrl: db.url, llmUrl: null });
    const book = ledger(sql);
    const owner = await newUser(authApi(stack.baseUrl), 'left');
    const owned = (await ownedRoom(authApi(stack.baseUrl), owner)).room.id;
    const anonymous = (await createRoom(stack.baseUrl, 'Anonymous')).room.id;
    meterOf(stack.gateways[0].app).report(owned, 'translation', 11);
    await until('the live report applied', async () => (await book.ownerUsed(owner.userId)) === 11);
    expect(await book.outbox('translate')).toBe(0);
    await stack.close();
    stack = undefined;

    // What a killed process leaves: rows with and without their owner, one of them claimed by the dead process.
    const left = async (
      schema: string,
      roomId: string,
      ownerId: string | null,
      known: boolean,
      tokens: number,
      type: UsageEventType,
      claimed = false,
    ) =>
      sql.query(
        `INSERT INTO ${schema}.usage_outbox (event_id, room_id, owner_id, owner_known, tokens, event_type, claimed_until)
         VALUES ($1, $2, $3, $4, $5, $6, ${claimed ? `now() + interval '1 second'` : 'NULL'})`,
        [crypto.randomUUID(), roomId, ownerId, known, tokens, type],
      );
    await left('translate', owned, owner.userId, true, 100, 'translation');
    await left('translate', owned, null, false, 200, 'summary', true);
    await left('translate', anonymous, null, true, 300, 'translation');
    await left('tts', owned, null, false, 400, 'tts');
    await left('tts', anonymous, null, false, 500, 'tts');

    stack = await startStack({ mode: 'embedded', databaseUrl: db.url, llmUrl: null });
    await until(
      'the rows left applied',
      async () => (await book.ownerUsed(owner.userId)) === 711 && (await book.roomUsed(anonymous)) === 800,
      30_000,
    );
    await until('the outboxes emptied', async () => (await book.outbox('translate')) + (await book.outbox('tts')) === 0);
    const [first] = await book.events();
    const again = {
      eventId: first.event_id,
      roomId: first.room_id,
      ownerId: first.user_id,
      tokens: first.tokens,
      eventType: 'translation' as const,
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => stack?.bus.request(USAGE_SUBJECTS.apply, again)));
    expect(answers).toEqual(answers.map(() => ({ applied: false })));
    // Each answer comes once its report's transaction is committed: after the last one the ledger is final.
    expect([await book.ownerUsed(owner.userId), await book.roomUsed(anonymous), (await book.events()).length]).toEqual([711, 800, 6]);
  });

  it("keeps a deleted room's waiting reports when translate-svc purges the room's data", async () => {
    const live = (stack ??= await startStack({ mode: 'embedded', databaseUrl: db.url, llmUrl: null }));
    const roomId = crypto.randomUUID();
    // Claimed far ahead, so that it waits while the purge runs; a room limit marks when the purge has run.
    await sql.query(
      `INSERT INTO translate.usage_outbox (event_id, room_id, owner_id, owner_known, tokens, event_type, claimed_until)
       VALUES ($1, $2, NULL, true, 9, 'translation', now() + interval '1 hour')`,
      [crypto.randomUUID(), roomId],
    );
    await sql.query(
      `INSERT INTO translate.llm_limits (key, room_id, requests, tokens, window_start, window_count, updated_at) VALUES ($1, $2, 1, 1, now(), 0, now())`,
      [`room:${roomId}`, roomId],
    );
    live.bus.emit(ROOMS_SUBJECTS.roomsDeleted, { roomIds: [roomId] });
    await until(
      'the room purged',
      async () => (await sql.query(`SELECT 1 FROM translate.llm_limits WHERE room_id = $1`, [roomId])).rowCount === 0,
    );
    expect((await sql.query(`SELECT tokens FROM translate.usage_outbox WHERE room_id = $1`, [roomId])).rows).toEqual([{ tokens: 9 }]);
  });
});
