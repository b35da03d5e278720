import { unzipSync } from 'fflate';
import type { Client } from 'pg';
import {
  ACCOUNTS_SUBJECTS,
  QUESTION_LIMITS,
  ROOMS_SUBJECTS,
  LIMITS,
  TRANSLATE_SUBJECTS,
  TTS_SUBJECTS,
  type QuestionListResponse,
} from '@lt/contracts';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { authApi } from '../auth-api';
import { joined, newUser, ownedRoom, type Api, type TestUser } from '../dashboard-api';
import { MODES } from '../helpers';

jest.setTimeout(180_000);

/** Two bytes each in JSON (`\"`, `\\`) and three in UTF-8 (`€`): the characters that make a list largest on the bus. */
const WORST = '"\\€';
const worst = (length: number) => WORST.repeat(Math.ceil(length / WORST.length)).slice(0, length);
/** Lines of the maximal length: ~15 KB each on the bus, 4.5 MB in all; translated in French as long again. */
const LINES = 300;

/**
 * A room filled to its limits with the characters that weigh most on the bus still lists its questions, exports its
 * transcript and goes into its owner's archive, in distributed mode (NATS, whose `max_payload` is 1 MB): lists cross
 * the bus a page at a time. Before, the list of questions made rooms-svc throw MAX_PAYLOAD_EXCEEDED out of its reply
 * (an uncaught exception: the process ended) and the gateway answered 504.
 */
(MODES.includes('distributed') ? describe : describe.skip)('a room full of the heaviest characters (distributed mode)', () => {
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);
  beforeAll(() => {
    process.on('uncaughtException', onCrash);
  });
  afterAll(() => {
    process.off('uncaughtException', onCrash);
  });
  const suite = describeStack({ mode: 'distributed' });
  let stack: Stack;
  let api: Api;
  let owner: TestUser;
  let pg: Client;
  const { clients } = suite;

  beforeAll(async () => {
    ({ stack } = suite);
    api = authApi(stack.baseUrl);
    owner = await newUser(api, 'bus-limits');
    pg = await suite.sql();
  });

  /** A started English room with questions on, 1,000 questions of 500 `"` and LINES lines of the maximal length. */
  const fullRoom = async () => {
    const { room } = await ownedRoom(api, owner, { name: 'Full', source_language: 'en', questions_enabled: true });
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'en' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    for (const viewerId of ['client-full-0001', 'client-full-9999'])
      await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', viewerId }, clients);
    const quotes = '"'.repeat(QUESTION_LIMITS.textMax);
    const first = await api.send('POST', `/api/view/${room.id}/questions`, {
      headers: { 'content-type': 'application/json', 'x-client-id': 'client-full-0001' },
      body: JSON.stringify({ text: quotes, lang: 'en' }),
    });
    expect(first.status).toBe(201);
    // The rest as the same asks would store them (asking them one by one only takes longer).
    await pg.query(
      `INSERT INTO rooms.questions (id, room_id, text, lang, viewer_id, created_at)
       SELECT gen_random_uuid(), $1, $2, 'en', 'viewer-full-' || n, now() + n * interval '1 ms' FROM generate_series(2, $3) n`,
      [room.id, quotes, QUESTION_LIMITS.perRoom],
    );
    const line = worst(LIMITS.transcriptTextMax);
    await pg.query(
      `INSERT INTO rooms.message_logs (id, room_id, message_id, seq, text, source_language, message_timestamp, confidence,
         confidence_level, speaker_id, speaker_name, created_at)
       SELECT gen_random_uuid(), $1, 'm-' || n, n, $2, 'en', now() + n * interval '1 s', 0.9, 'high', 'host', $3, now()
       FROM generate_series(1, $4) n`,
      [room.id, line, worst(64), LINES],
    );
    await pg.query(`UPDATE rooms.rooms SET last_seq = $2 WHERE id = $1`, [room.id, LINES]);
    await pg.query(
      `INSERT INTO translate.translations (room_id, message_id, seq, lang, text)
       SELECT $1, 'm-' || n, n, 'fr', $2 FROM generate_series(1, $3) n`,
      [room.id, line + line, LINES],
    );
    return room;
  };

  const everyServiceAnswers = async () => {
    for (const route of [ROOMS_SUBJECTS.health, TRANSLATE_SUBJECTS.health, ACCOUNTS_SUBJECTS.health, TTS_SUBJECTS.health]) {
      await expect(stack.bus.request(route, {}, { timeoutMs: 3000 })).resolves.toMatchObject({ status: 'up' });
    }
  };

  it('lists the questions, exports the transcript and archives the account; every service still answers', async () => {
    const room = await fullRoom();
    const more = await api.send('POST', `/api/view/${room.id}/questions`, {
      headers: { 'content-type': 'application/json', 'x-client-id': 'client-full-9999' },
      body: JSON.stringify({ text: 'one more', lang: 'en' }),
    });
    expect([more.status, (more.body as unknown as { error: { code: string } }).error.code]).toEqual([409, 'questions_full']);
    // A hidden question no longer counts: the host hides one, and the room takes one more.
    await pg.query(`UPDATE rooms.questions SET status = 'hidden' WHERE room_id = $1 AND viewer_id = $2`, [
      room.id,
      `viewer-full-${QUESTION_LIMITS.perRoom}`,
    ]);
    const after = await api.send('POST', `/api/view/${room.id}/questions`, {
      headers: { 'content-type': 'application/json', 'x-client-id': 'client-full-9999' },
      body: JSON.stringify({ text: '"'.repeat(QUESTION_LIMITS.textMax), lang: 'en' }),
    });
    expect(after.status).toBe(201);

    const listed = await api.send<QuestionListResponse>('GET', `/api/view/${room.id}/questions?lang=en`, {
      headers: { 'x-client-id': 'client-full-0001' },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.questions).toHaveLength(QUESTION_LIMITS.perRoom);
    expect(new Set(listed.body.questions.map((q) => q.id)).size).toBe(QUESTION_LIMITS.perRoom);
    expect(listed.body.questions[0]).toMatchObject({ text: '"'.repeat(QUESTION_LIMITS.textMax), voted: false });

    const line = worst(LIMITS.transcriptTextMax);
    for (const format of ['txt', 'srt', 'vtt']) {
      for (const lang of ['', 'fr']) {
        const res = await fetch(`${stack.baseUrl}/api/view/${room.id}/transcript.${format}${lang && `?lang=${lang}`}`);
        expect({ format, lang, status: res.status }).toEqual({ format, lang, status: 200 });
        const body = await res.text();
        expect(body.split(lang ? line + line : line).length - 1).toBe(LINES);
        if (format === 'txt') expect(body.split('"'.repeat(QUESTION_LIMITS.textMax)).length - 1).toBe(QUESTION_LIMITS.perRoom);
      }
    }
    const owned = await api.call<{ messages: unknown[] }>('GET', `/api/rooms/${room.id}/transcript`, undefined, owner.token);
    expect([owned.status, owned.body.messages.length]).toEqual([200, LINES]);

    const archive = await fetch(`${stack.baseUrl}/api/account/archive`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(archive.status).toBe(200);
    const files = unzipSync(new Uint8Array(await archive.arrayBuffer()));
    const read = (path: string) => JSON.parse(new TextDecoder().decode(files[path])) as Record<string, unknown[]>;
    const transcript = read(`rooms/${room.id}/transcript.json`).messages as { text: string; translations: { fr?: { text: string } } }[];
    expect(transcript).toHaveLength(LINES);
    expect(transcript.every((m) => m.text === line && m.translations.fr?.text === line + line)).toBe(true);
    expect(read(`rooms/${room.id}/questions.json`).questions).toHaveLength(QUESTION_LIMITS.perRoom);

    await everyServiceAnswers();
    expect(crashes).toEqual([]);
  });
});
