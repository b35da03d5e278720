import type { Client } from 'pg';
import type { CreateRoomResponse, PublicRoomResponse, RoomResponse, ViewerTranscriptResponse } from '@lt/contracts';
import type { FakeOpenAiServer } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { apiContract } from '../api-contract';
import { authApi } from '../auth-api';
import { joined, newUser, ownedRoom, speak, type Api, type TestUser } from '../dashboard-api';
import { createRoom, MODES } from '../helpers';

jest.setTimeout(30_000);

const SENTENCES = [
  { id: '88888888-8888-4888-8888-888888888881', text: 'Buenos días a todos', at: '2025-05-01T07:31:00.000Z', confidence: 0.95 },
  { id: '88888888-8888-4888-8888-888888888882', text: 'Empezamos ya', at: '2025-05-01T07:31:03.250Z', confidence: 0.6 },
];
const HOST_SENTENCES = [
  { id: '88888888-8888-4888-8888-888888888883', text: 'Hola desde la sala anónima', at: '2025-05-01T09:00:00.000Z', confidence: 0.9 },
];
/** The per-client share of this stack: a test that wants its own count sends a client id of its own. */
const CLIENT_BURST = 3;
const MISSING_ROOM = '00000000-0000-4000-8000-000000000000';

interface Answer {
  status: number;
  text: string;
  body: unknown;
  headers: Headers;
}

describe.each(MODES)('the transcript for viewers and the anonymous host (%s mode)', (mode) => {
  let llm: FakeOpenAiServer;
  let stack: Stack;
  let api: Api;
  let sql: Client;
  let owner: TestUser;
  let owned: CreateRoomResponse;
  let anonymous: CreateRoomResponse;

  const suite = describeStack({
    mode,
    gatewayEnv: { TRANSCRIPT_CLIENT_BURST: String(CLIENT_BURST), TRANSCRIPT_CLIENT_PER_MINUTE: String(CLIENT_BURST) },
  });
  const clients = suite.clients;

  beforeAll(async () => {
    ({ stack, llm } = suite);
    api = authApi(stack.baseUrl);
    sql = await suite.sql();

    owner = await newUser(api, 'viewer-transcript');
    owned = await ownedRoom(api, owner, { name: 'Keynote: Año 2025', source_language: 'es' });
    const host = await joined(stack.baseUrl, { roomId: owned.room.id, role: 'host', accessToken: owner.token }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await speak(host, SENTENCES);
    await sql.query(`UPDATE rooms.rooms SET created_at = '2025-05-01T07:30:00Z', updated_at = '2025-05-01T08:35:59Z' WHERE id = $1`, [
      owned.room.id,
    ]);

    anonymous = await createRoom(stack.baseUrl, 'Anónima');
    const anonymousHost = await joined(stack.baseUrl, { roomId: anonymous.room.id, role: 'host', hostKey: anonymous.hostKey }, clients);
    anonymousHost.send({ type: 'room_start', sourceLanguage: 'es' });
    await speak(anonymousHost, HOST_SENTENCES);
  });

  /** A viewer's call, with a client id of its own unless one is given; its answer held to the API document. */
  const get = async (path: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(`${stack.baseUrl}${path}`, { headers: { 'X-Client-Id': `viewer-${crypto.randomUUID()}`, ...headers } });
    const text = await res.text();
    const contentType = res.headers.get('content-type');
    const body = contentType?.startsWith('application/json') ? JSON.parse(text) : text;
    apiContract.assert('GET', path, res.status, body, contentType);
    return { status: res.status, text, body, headers: res.headers };
  };
  const errorCode = (answer: Answer) => (answer.body as { error: { code: string } }).error.code;
  const view = (roomId: string, suffix = '') => `/api/view/${roomId}/transcript${suffix}`;

  /** A viewer reading the room in `lang` now, once it has the room's lines (translated for it as it joined). */
  const reading = async (lang: string) => {
    const viewer = await joined(stack.baseUrl, { roomId: owned.room.id, role: 'viewer', lang }, clients);
    await viewer.waitFor((c) => c.of('translation').length === 2, 10_000, `${lang} catch-up`);
  };

  it('opens the transcript in a language viewers read now, as spoken in one nobody reads, and without one', async () => {
    llm.reset();
    // Nobody reads French yet: a download in it costs the owner nothing, its lines come as spoken.
    const unread = await get(view(owned.room.id, '?lang=fr'));
    expect((unread.body as ViewerTranscriptResponse).lines.map((l) => l.text)).toEqual(['Buenos días a todos', 'Empezamos ya']);
    expect(llm.calls).toEqual([]);
    await reading('fr');
    const french = await get(view(owned.room.id, '?lang=fr'));
    expect(french.status).toBe(200);
    const body = french.body as ViewerTranscriptResponse;
    expect(body.room).toMatchObject({ name: 'Keynote: Año 2025', source_language: 'es' });
    expect([body.lang, body.dir]).toEqual(['fr', 'ltr']);
    expect(body.lines.map((l) => [l.seq, l.text, l.speaker_name, l.timestamp])).toEqual([
      [1, '(fr) Buenos días a todos', 'Host', '2025-05-01T07:31:00.000Z'],
      [2, '(fr) Empezamos ya', 'Host', '2025-05-01T07:31:03.250Z'],
    ]);
    expect(llm.calls.map((c) => c.target)).toEqual(['fr', 'fr']);

    const spoken = await get(view(owned.room.id));
    expect((spoken.body as ViewerTranscriptResponse).lines.map((l) => l.text)).toEqual(['Buenos días a todos', 'Empezamos ya']);
    expect((spoken.body as ViewerTranscriptResponse).lang).toBeNull();
    const arabic = await get(view(owned.room.id, '?lang=ar'));
    expect((arabic.body as ViewerTranscriptResponse).dir).toBe('rtl');
  });

  it('downloads the text file, SubRip and WebVTT in the viewer’s language, not kept by any cache', async () => {
    const txt = await get(view(owned.room.id, '.txt?lang=fr&tz=Europe/Madrid'));
    expect(txt.status).toBe(200);
    expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(txt.headers.get('content-disposition')).toBe('attachment; filename="transcripcion-keynote-ano-2025-2025-05-01.txt"');
    expect(txt.headers.get('cache-control')).toBe('no-store');
    expect(txt.text).toContain(
      'Sala: Keynote: Año 2025\nFecha: 01/05/2025 09:30 (Europe/Madrid)\nDuración: 1h 5m\nIdioma: Français (fr)\n',
    );
    // A viewer's copy says the confidence only of lines recognised with little.
    expect(txt.text).toContain('[09:31:00] (fr) Buenos días a todos\n\n[09:31:03] (fr) Empezamos ya\n');

    const srt = await get(view(owned.room.id, '.srt?lang=fr'));
    expect(srt.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    expect(srt.text).toBe(
      '1\n00:00:00,000 --> 00:00:03,250\n(fr) Buenos días a todos\n\n2\n00:00:03,250 --> 00:00:10,250\n(fr) Empezamos ya\n',
    );

    const vtt = await get(view(owned.room.id, '.vtt?lang=fr'));
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(vtt.text).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:03.250\n(fr) Buenos días a todos\n\n2\n00:00:03.250 --> 00:00:10.250\n(fr) Empezamos ya\n',
    );

    // Right to left as the owner's export writes it: each cue opens with a RIGHT-TO-LEFT MARK.
    await reading('ar');
    const arabic = await get(view(owned.room.id, '.vtt?lang=ar'));
    expect(arabic.text).toContain('\n\u200f(ar) Buenos días a todos\n');
  });

  it('refuses viewers once the owner turns downloads off, shows it on the room, and still opens it with the host key', async () => {
    const off = await api.call<RoomResponse>('PATCH', `/api/rooms/${owned.room.id}`, { viewer_downloads: false }, owner.token);
    expect([off.status, off.body.viewer_downloads]).toEqual([200, false]);
    try {
      expect((await get(`/api/view/${owned.room.id}`)).body as PublicRoomResponse).toMatchObject({ viewer_downloads: false });
      for (const suffix of ['', '.txt', '.srt?lang=fr', '.vtt']) {
        const refused = await get(view(owned.room.id, suffix));
        expect([suffix, refused.status, errorCode(refused)]).toEqual([suffix, 403, 'transcript_downloads_off']);
      }
      const host = await get(view(owned.room.id, '.txt'), { 'X-Host-Key': owned.hostKey });
      expect(host.status).toBe(200);
      expect(host.text).toContain('] Buenos días a todos');
    } finally {
      await api.call('PATCH', `/api/rooms/${owned.room.id}`, { viewer_downloads: true }, owner.token);
    }
    expect((await get(view(owned.room.id, '.txt'))).status).toBe(200);
  });

  it('is on for a new room, and the create form may turn it off', async () => {
    expect(owned.room.viewer_downloads).toBe(true);
    expect(anonymous.room.viewer_downloads).toBe(true);
    const closed = await ownedRoom(api, owner, { name: 'Closed', viewer_downloads: false });
    expect(closed.room.viewer_downloads).toBe(false);
    expect(errorCode(await get(view(closed.room.id)))).toBe('transcript_downloads_off');
  });

  it('gives the anonymous host its transcript with its key, and refuses a wrong or malformed key', async () => {
    const own = await get(view(anonymous.room.id, '.vtt'), { 'X-Host-Key': anonymous.hostKey });
    expect(own.status).toBe(200);
    expect(own.text).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:07.000\nHola desde la sala anónima\n');
    const read = await get(view(anonymous.room.id), { 'X-Host-Key': anonymous.hostKey });
    expect((read.body as ViewerTranscriptResponse).lines.map((l) => l.text)).toEqual(['Hola desde la sala anónima']);

    for (const key of [owned.hostKey, 'x'.repeat(40), 'short']) {
      const wrong = await get(view(anonymous.room.id, '.txt'), { 'X-Host-Key': key });
      expect([wrong.status, errorCode(wrong)]).toEqual([403, 'invalid_host_key']);
    }
  });

  it('answers 404 room_not_found for a room that does not exist, with or without a key, and 400 for malformed input', async () => {
    for (const [path, headers] of [
      [view(MISSING_ROOM), {}],
      [view(MISSING_ROOM, '.txt'), {}],
      [view(MISSING_ROOM, '.srt'), { 'X-Host-Key': anonymous.hostKey }],
    ] as [string, Record<string, string>][]) {
      const missing = await get(path, headers);
      expect([path, missing.status, errorCode(missing)]).toEqual([path, 404, 'room_not_found']);
    }
    for (const path of [
      view('not-a-uuid'),
      view(owned.room.id, '.txt?lang=xx'),
      view(owned.room.id, '.srt?tz=Mars/Olympus_Mons'),
      view(owned.room.id, '?extra=1'),
    ]) {
      const invalid = await get(path);
      expect([path, invalid.status, errorCode(invalid)]).toEqual([path, 400, 'validation_failed']);
    }
    const badClient = await get(view(owned.room.id), { 'X-Client-Id': 'no' });
    expect([badClient.status, errorCode(badClient)]).toEqual([400, 'validation_failed']);
  });

  it('limits each client id to its share, with Retry-After, while other viewers go on', async () => {
    const me = { 'X-Client-Id': `flood-${crypto.randomUUID()}` };
    for (let i = 0; i < CLIENT_BURST; i++) expect((await get(view(owned.room.id, '.txt'), me)).status).toBe(200);
    const limited = await get(view(owned.room.id, '.vtt'), me);
    expect([limited.status, errorCode(limited)]).toEqual([429, 'over_request_rate_limit']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await get(view(owned.room.id, '.vtt'))).status).toBe(200);
  });
});
