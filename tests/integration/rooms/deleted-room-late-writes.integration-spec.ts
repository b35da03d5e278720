import type { Client } from 'pg';
import { eventually } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import { authApi } from '../auth-api';
import { fakeSpeechProvider } from '../fake-speech';
import { joined, newUser, ownedRoom, type Api } from '../dashboard-api';
import { MODES, transcript } from '../helpers';
import { rowsHolding } from '../table-search';

jest.setTimeout(60_000);

/** What the model and the speech provider take for the late calls: the room is deleted meanwhile. */
const LATE_MS = 2_000;

/**
 * A deleted room stays deleted for every writer, on every replica (one that started after the deletion too): what was
 * still being made when the room went (a line's audio, a summary, an improved sentence) is answered, not stored, what
 * it cost no longer names the room, and nothing keeps the room's id.
 */
describe.each(MODES)('a deleted room against late writers (%s mode)', (mode) => {
  const speech = fakeSpeechProvider();
  const suite = describeStack(() => ({ mode, tts: speech.env() }));
  let api: Api;
  let sql: Client;

  beforeAll(async () => {
    api = authApi(suite.baseUrl);
    sql = await suite.sql();
  });

  it('stores nothing finished for it after its deletion, on any replica, and keeps nothing of it', async () => {
    const { stack, llm } = suite;
    const google = speech.server;
    // Two translators: the one that hears the deletion's request is not always the one still working.
    if (mode === 'distributed') await stack.startService('translate-svc-2');
    const owner = await newUser(api, 'late-deletion');
    const word = `deletedword${Date.now()}`;
    const { room } = await ownedRoom(api, owner, { name: `Room ${word}` });
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, suite.clients);
    const viewer = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr' }, suite.clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    const first = crypto.randomUUID();
    host.send(transcript(first, `${word} uno`));
    await viewer.waitFor((c) => c.of('translation').length === 1, 10_000, 'first translation');

    // Late: the line's audio, the summary, and an improved sentence, all slower than the deletion.
    google.delay(LATE_MS);
    llm.delayWhen(word, LATE_MS);
    const audio = fetch(`${stack.baseUrl}/api/rooms/${room.id}/messages/${first}/audio?lang=fr`);
    const summary = fetch(`${stack.baseUrl}/api/rooms/${room.id}/summary`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'fr' }),
    });
    // The summary's call starts before the improved sentence is stored: a summary asked after it waits for that line's
    // improvement and translation, and would start only after the other late calls had finished.
    await eventually(() => llm.calls.some((c) => c.task === 'summary'), 'the late summary reaches the model');
    host.send(transcript(crypto.randomUUID(), `${word} dos`, { enhance: true }));
    await host.waitFor((c) => c.of('ack').length === 2, 5000, 'acks');
    await eventually(() => llm.calls.some((c) => c.task === 'enhancement'), 'the late improvement reaches the model');
    await eventually(() => google.calls.length > 0, 'the late audio reaches the speech provider');

    const { rows: before } = await sql.query<{ now: Date }>(`SELECT now()`);
    expect((await api.call('DELETE', `/api/rooms/${room.id}`, undefined, owner.token)).status).toBe(204);
    await Promise.all([audio, summary]);
    await eventually(() => llm.calls.filter((c) => c.prompt.includes(word) && c.tokens !== undefined).length >= 2);
    // Absence under test: a late writer stores right after its provider answers, in one statement; what the call spent
    // reaches accounts-svc after it, through the writer's outbox and the bus (naming neither the room nor, as the room
    // is gone, its owner). The three late charges mark the stores done.
    await eventually(async () => {
      const { rows } = await sql.query<{ n: number }>(
        `SELECT count(DISTINCT event_type)::int AS n FROM accounts.token_usage
          WHERE room_id IS NULL AND created_at >= $1 AND event_type IN ('summary', 'enhancement', 'tts')`,
        [before[0].now],
      );
      return rows[0].n === 3;
    }, 'the late calls charged');

    expect(await rowsHolding(sql, [room.id])).toEqual({});
    expect(await rowsHolding(sql, [word])).toEqual({});
    // What records the deletion holds a digest of the room's id only, and only for a while.
    const recorded = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM translate.deleted_rooms`);
    expect(recorded.rows[0].n).toBeGreaterThan(0);
    google.delay(0);
    llm.reset();
  });
});
