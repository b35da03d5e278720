import type { Client } from 'pg';
import type { TranscriptResponse } from '@lt/contracts';
import type { FakeOpenAiServer } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { apiContract } from '../api-contract';
import { authApi } from '../auth-api';
import { joined, newUser, ownedRoom, speak, type Api, type TestUser } from '../dashboard-api';
import { MODES } from '../helpers';

jest.setTimeout(30_000);

const SENTENCES = [
  { id: '77777777-7777-4777-8777-777777777771', text: 'Buenos días a todos', at: '2025-05-01T07:31:00.000Z', confidence: 0.95 },
  // Spoken earlier than the one stored before it: the transcript follows the spoken time, not the seq.
  { id: '77777777-7777-4777-8777-777777777773', text: 'Gracias por venir', at: '2025-05-01T07:31:20.000Z', confidence: 0.3 },
  { id: '77777777-7777-4777-8777-777777777772', text: 'Empezamos ya', at: '2025-05-01T07:31:03.250Z', confidence: 0.6 },
];

/** Parses SubRip or WebVTT cues into [start ms, end ms, text]. */
function parseCues(body: string, separator: ',' | '.'): [number, number, string][] {
  const ms = (t: string) => {
    const [h, m, rest] = t.split(':');
    const [s, milli] = rest.split(separator);
    return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(milli);
  };
  const blocks = body
    .trim()
    .split(/\n\n+/)
    .filter((b) => b !== 'WEBVTT');
  return blocks.map((block) => {
    const [index, timing, ...text] = block.split('\n');
    expect(index).toMatch(/^\d+$/);
    const [start, end] = timing.split(' --> ');
    return [ms(start), ms(end), text.join('\n')];
  });
}

describe.each(MODES)('transcript and its exports (%s mode)', (mode) => {
  let llm: FakeOpenAiServer;
  let stack: Stack;
  let api: Api;
  let sql: Client;
  let owner: TestUser;
  let roomId: string;

  const suite = describeStack({ mode });
  const clients = suite.clients;

  beforeAll(async () => {
    ({ stack, llm } = suite);
    api = authApi(stack.baseUrl);
    sql = await suite.sql();

    owner = await newUser(api, 'export');
    const { room } = await ownedRoom(api, owner, { name: 'Keynote: Año 2025', source_language: 'es' });
    roomId = room.id;
    const host = await joined(stack.baseUrl, { roomId, role: 'host', accessToken: owner.token }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await speak(host, SENTENCES);
    await sql.query(`UPDATE rooms.rooms SET created_at = '2025-05-01T07:30:00Z', updated_at = '2025-05-01T08:35:59Z' WHERE id = $1`, [
      roomId,
    ]);
  });

  /** The raw answer, its exact bytes, held to the API document like every other. */
  const download = async (path: string) => {
    const res = await fetch(`${stack.baseUrl}${path}`, { headers: { authorization: `Bearer ${owner.token}` } });
    const bytes = Buffer.from(await res.arrayBuffer());
    apiContract.assert('GET', path, res.status, bytes.toString('utf8'), res.headers.get('content-type'));
    return { status: res.status, bytes, text: bytes.toString('utf8'), headers: res.headers };
  };

  it('gives the transcript by spoken time, with seq, confidence level and speaker', async () => {
    const res = await api.call<TranscriptResponse>('GET', `/api/rooms/${roomId}/transcript`, undefined, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.room).toMatchObject({ id: roomId, name: 'Keynote: Año 2025' });
    expect(res.body.messages.map((m) => [m.text, m.seq, m.confidence_level, m.message_timestamp, m.speaker_name])).toEqual([
      ['Buenos días a todos', 1, 'high', '2025-05-01T07:31:00.000Z', 'Host'],
      ['Empezamos ya', 3, 'medium', '2025-05-01T07:31:03.250Z', 'Host'],
      ['Gracias por venir', 2, 'low', '2025-05-01T07:31:20.000Z', 'Host'],
    ]);
    expect(res.body.messages[0].speaker_id).toMatch(/^host-/);
  });

  it('exports the text file byte for byte, with its name, in the time zone asked for', async () => {
    const file = await download(`/api/rooms/${roomId}/transcript.txt?tz=Europe/Madrid`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="transcripcion-keynote-ano-2025-2025-05-01.txt"');
    const expected =
      'Sala: Keynote: Año 2025\n' +
      'Fecha: 01/05/2025 09:30 (Europe/Madrid)\n' +
      'Duración: 1h 5m\n' +
      'Idioma: Español (es)\n' +
      '\n' +
      '--- TRANSCRIPCIÓN ---\n' +
      '\n' +
      '[09:31:00] (Alta confianza) Buenos días a todos\n' +
      '\n' +
      '[09:31:03] (Confianza media) Empezamos ya\n' +
      '\n' +
      '[09:31:20] (Baja confianza) Gracias por venir\n';
    expect(file.bytes.equals(Buffer.from(expected, 'utf8'))).toBe(true);
    const utc = await download(`/api/rooms/${roomId}/transcript.txt`);
    expect(utc.text.split('\n').slice(1, 2)).toEqual(['Fecha: 01/05/2025 07:30 (UTC)']);
    expect(utc.text).toContain('[07:31:03] (Confianza media) Empezamos ya');
  });

  it('labels and names the file in the interface language asked for, apart from the language of the messages', async () => {
    const file = await download(`/api/rooms/${roomId}/transcript.txt?tz=Europe/Madrid&ui=en`);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="transcript-keynote-ano-2025-2025-05-01.txt"');
    expect(file.text).toBe(
      'Room: Keynote: Año 2025\n' +
        'Date: 01/05/2025 09:30 (Europe/Madrid)\n' +
        'Duration: 1h 5m\n' +
        'Language: Español (es)\n' +
        '\n' +
        '--- TRANSCRIPT ---\n' +
        '\n' +
        '[09:31:00] (High confidence) Buenos días a todos\n' +
        '\n' +
        '[09:31:03] (Medium confidence) Empezamos ya\n' +
        '\n' +
        '[09:31:20] (Low confidence) Gracias por venir\n',
    );
    const srt = await download(`/api/rooms/${roomId}/transcript.srt?ui=es`);
    expect(srt.headers.get('content-disposition')).toBe('attachment; filename="transcripcion-keynote-ano-2025-2025-05-01.srt"');
    const refused = await api.call<{ error: { code: string } }>('GET', `/api/rooms/${roomId}/transcript.txt?ui=fr`, undefined, owner.token);
    expect([refused.status, refused.body.error.code]).toEqual([400, 'validation_failed']);
  });

  it('exports SubRip and WebVTT cues timed from the first message, each until the next and 7 s at most', async () => {
    const srt = await download(`/api/rooms/${roomId}/transcript.srt`);
    expect(srt.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    expect(srt.headers.get('content-disposition')).toBe('attachment; filename="transcripcion-keynote-ano-2025-2025-05-01.srt"');
    const expected: [number, number, string][] = [
      [0, 3250, 'Buenos días a todos'],
      [3250, 10250, 'Empezamos ya'],
      [20000, 27000, 'Gracias por venir'],
    ];
    expect(parseCues(srt.text, ',')).toEqual(expected);
    expect(srt.text.split('\n').slice(0, 3)).toEqual(['1', '00:00:00,000 --> 00:00:03,250', 'Buenos días a todos']);

    const vtt = await download(`/api/rooms/${roomId}/transcript.vtt`);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(vtt.text.startsWith('WEBVTT\n\n')).toBe(true);
    expect(parseCues(vtt.text, '.')).toEqual(expected);
  });

  it('exports in another language by translating the missing messages once, and a second export makes no call', async () => {
    // Nobody read the room in French while it was live: none of its messages has a French translation yet.
    llm.reset();
    const first = await download(`/api/rooms/${roomId}/transcript.txt?lang=fr&tz=UTC`);
    expect(first.status).toBe(200);
    expect(first.text).toContain('Idioma: Français (fr)\n');
    expect(first.text).toContain('[07:31:00] (Alta confianza) (fr) Buenos días a todos\n');
    expect(first.text).toContain('[07:31:20] (Baja confianza) (fr) Gracias por venir\n');
    expect(llm.calls.map((c) => [c.target, c.user]).sort()).toEqual([
      ['fr', 'Buenos días a todos'],
      ['fr', 'Empezamos ya'],
      ['fr', 'Gracias por venir'],
    ]);
    const stored = await sql.query('SELECT count(*)::int AS n FROM translate.translations WHERE room_id = $1 AND lang = $2', [
      roomId,
      'fr',
    ]);
    expect(stored.rows[0].n).toBe(3);

    const again = await download(`/api/rooms/${roomId}/transcript.vtt?lang=fr`);
    expect(parseCues(again.text, '.').map((c) => c[2])).toEqual([
      '(fr) Buenos días a todos',
      '(fr) Empezamos ya',
      '(fr) Gracias por venir',
    ]);
    await download(`/api/rooms/${roomId}/transcript.srt?lang=fr`);
    expect(llm.calls).toHaveLength(3);

    const spoken = await download(`/api/rooms/${roomId}/transcript.txt?lang=es`);
    expect(spoken.text).toContain('(Alta confianza) Buenos días a todos\n');
    expect(llm.calls).toHaveLength(3);
  });
});
