import type { CreateRoomResponse } from '@lt/contracts';
import { eventually, LiveClient } from '@lt/testing';
import { describeStack, translatePresence } from '../../support/describe-stack';
import { createRoom, MODES, transcript } from '../helpers';

jest.setTimeout(30_000);

describe.each(MODES)('live path (%s mode)', (mode) => {
  const suite = describeStack({ mode });
  const connect = (join: Record<string, unknown>) => suite.join(join);

  const startedRoom = async () => {
    const { room, hostKey } = await createRoom(suite.baseUrl, 'Keynote');
    const host = await connect({ roomId: room.id, role: 'host', hostKey });
    expect(host.of('joined')).toHaveLength(1);
    return { room, hostKey, host };
  };

  beforeEach(() => suite.llm.reset());

  it('stores a final sentence once, acks its seq and translates it once per language in demand', async () => {
    const { room, host } = await startedRoom();
    const fr1 = await connect({ roomId: room.id, role: 'viewer', lang: 'fr' });
    const fr2 = await connect({ roomId: room.id, role: 'viewer', lang: 'fr' });
    const de = await connect({ roomId: room.id, role: 'viewer', lang: 'de' });
    const es = await connect({ roomId: room.id, role: 'viewer', lang: 'es' });
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await fr1.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    await suite.readers(room.id, 'fr', 'de');

    host.send(transcript('11111111-1111-4111-8111-111111111111', 'Hola a todos'));
    await host.waitFor((c) => c.of('ack').length === 1, 5000, 'ack');
    expect(host.of('ack')[0]).toEqual({ type: 'ack', messageId: '11111111-1111-4111-8111-111111111111', seq: 1 });

    for (const [viewer, text] of [
      [fr1, '(fr) Hola a todos'],
      [fr2, '(fr) Hola a todos'],
      [de, '(de) Hola a todos'],
      [es, 'Hola a todos'],
    ] as const) {
      await viewer.waitFor((c) => c.of('translation').length === 1, 5000, `translation ${text}`);
      expect(viewer.of('translation')[0]).toMatchObject({ seq: 1, text, sourceLanguage: 'es', speakerName: 'Host' });
      expect(viewer.of('translation')[0].fallback).toBeUndefined();
    }
    expect(suite.llm.calls.map((c) => c.target).sort()).toEqual(['de', 'fr']);
    expect(suite.llm.calls.every((c) => c.model === 'gpt-4o' && c.stream && c.temperature === 0.1)).toBe(true);

    host.send(transcript('11111111-1111-4111-8111-111111111111', 'Hola a todos'));
    host.send(transcript('22222222-2222-4222-8222-222222222222', 'Bienvenidos a la conferencia'));
    await host.waitFor((c) => c.of('ack').length === 3, 5000, 'three acks');
    expect(host.of('ack').map((a) => a.seq)).toEqual([1, 1, 2]);
    await de.waitFor((c) => c.of('translation').length === 2, 5000, 'second translation');
    // A third sentence marks the end: a second translation of one sent before would be asked before it.
    host.send(transcript('33333333-3333-4333-8333-333333333333', 'Gracias'));
    await Promise.all([fr1, de].map((v) => v.waitFor((c) => c.of('translation').length === 3, 5000, 'third translation')));
    const asked = ['Hola a todos', 'Bienvenidos a la conferencia', 'Gracias'].flatMap((text) => [`de ${text}`, `fr ${text}`]);
    expect(suite.llm.calls.map((c) => `${c.target} ${c.user}`).sort()).toEqual(asked.sort());
    expect(fr1.of('translation').map((t) => t.seq)).toEqual([1, 2, 3]);
  });

  it('gives a reconnecting viewer exactly what it missed, and a late viewer the recent history', async () => {
    const { room, host } = await startedRoom();
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    const viewer = await connect({ roomId: room.id, role: 'viewer', lang: 'fr' });
    host.send(transcript('33333333-3333-4333-8333-333333333331', 'Primera frase'));
    await viewer.waitFor((c) => c.of('translation').length === 1, 5000, 'first');
    viewer.close();
    const presence = translatePresence(suite.stack);
    await eventually(() => !presence.languagesFor(room.id).includes('fr'), 'translate-svc to count no French viewer');
    host.send(transcript('33333333-3333-4333-8333-333333333332', 'Segunda frase'));
    host.send(transcript('33333333-3333-4333-8333-333333333333', 'Tercera frase'));
    await host.waitFor((c) => c.of('ack').length === 3, 5000, 'acks');

    const back = await connect({ roomId: room.id, role: 'viewer', lang: 'fr', since: 1 });
    await back.waitFor((c) => c.of('translation').length >= 2, 5000, 'missed ones');
    // A sentence said after the catch-up marks its end: a missed one sent again would come before it.
    host.send(transcript('33333333-3333-4333-8333-333333333334', 'Cuarta frase'));
    await back.waitFor((c) => c.of('translation').some((t) => t.seq === 4), 5000, 'the next one');
    expect(back.of('translation').map((t) => [t.seq, t.text])).toEqual([
      [2, '(fr) Segunda frase'],
      [3, '(fr) Tercera frase'],
      [4, '(fr) Cuarta frase'],
    ]);

    const late = await connect({ roomId: room.id, role: 'viewer', lang: 'it' });
    await late.waitFor((c) => c.of('translation').length === 4, 5000, 'history');
    const history = ['(it) Primera frase', '(it) Segunda frase', '(it) Tercera frase', '(it) Cuarta frase'];
    expect(late.of('translation').map((t) => t.text)).toEqual(history);

    const callsBefore = suite.llm.calls.length;
    const again = await connect({ roomId: room.id, role: 'viewer', lang: 'it' });
    await again.waitFor((c) => c.of('translation').length === 4, 5000, 'stored history');
    expect(suite.llm.calls.length).toBe(callsBefore);
  });

  it('falls back to the original text when the language model fails', async () => {
    const { room, host } = await startedRoom();
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    const viewer = await connect({ roomId: room.id, role: 'viewer', lang: 'pt' });
    suite.llm.fail(10);
    host.send(transcript('44444444-4444-4444-8444-444444444444', 'Gracias'));
    await viewer.waitFor((c) => c.of('translation').length === 1, 10_000, 'fallback');
    expect(viewer.of('translation')[0]).toMatchObject({ text: '[Original] Gracias', fallback: 'original' });
  });

  it('never lets the viewer link host, and refuses what viewers may not do', async () => {
    const { room } = await createRoom(suite.baseUrl);
    const noKey = await connect({ roomId: room.id, role: 'host' });
    expect(noKey.of('error')[0]).toMatchObject({ code: 'invalid_host_key' });
    const wrongKey = await connect({ roomId: room.id, role: 'host', hostKey: 'x'.repeat(43) });
    expect(wrongKey.of('error')[0]).toMatchObject({ code: 'invalid_host_key' });
    const viewer = await connect({ roomId: room.id, role: 'viewer', lang: 'fr' });
    viewer.send(transcript('55555555-5555-4555-8555-555555555555', 'Intruso'));
    viewer.send({ type: 'room_start' });
    await viewer.waitFor((c) => c.of('error').length === 2, 5000, 'two errors');
    expect(viewer.of('error').map((e) => e.code)).toEqual(['forbidden', 'forbidden']);
    const missing = await connect({ roomId: '00000000-0000-4000-8000-000000000000', role: 'viewer', lang: 'fr' });
    expect(missing.of('error')[0]).toMatchObject({ code: 'room_not_found' });
  });

  it('answers bad frames with an error and keeps the socket open', async () => {
    const client = await LiveClient.connect(suite.baseUrl);
    suite.clients.push(client);
    client.sendRaw('{not json');
    client.send({ type: 'join', roomId: 'nope', role: 'viewer' });
    client.send({ type: 'transcript', text: 'hi' });
    client.sendRaw(Buffer.from([1, 2, 3]));
    client.send({ type: 'set_language', lang: 'fr' });
    client.send({ type: 'ping' });
    await client.waitFor((c) => c.of('pong').length === 1, 5000, 'pong');
    expect(client.of('error').map((e) => e.code)).toEqual(['bad_frame', 'bad_frame', 'bad_frame', 'bad_frame', 'not_joined']);
    expect(client.of('error')[1].message).toContain('roomId');
    expect(client.open).toBe(true);
  });

  it("answers a ping with the server's clock and gives back the client's, refusing a bad one", async () => {
    const client = await LiveClient.connect(suite.baseUrl);
    suite.clients.push(client);
    const before = Date.now();
    client.send({ type: 'ping', t: 1234.5 });
    client.send({ type: 'ping' });
    client.send({ type: 'ping', t: 'soon' });
    await client.waitFor((c) => c.of('pong').length === 2 && c.of('error').length === 1, 5000, 'two pongs and an error');
    const [timed, plain] = client.of('pong');
    expect(timed.t).toBe(1234.5);
    expect(plain.t).toBeUndefined();
    for (const pong of [timed, plain]) {
      expect(pong.serverTime).toBeGreaterThanOrEqual(before - 1000);
      expect(pong.serverTime).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect(client.of('error')[0]).toMatchObject({ code: 'bad_frame' });
  });

  it('closes a socket that sends a frame over 64 KB with 1009', async () => {
    const client = await LiveClient.connect(suite.baseUrl);
    client.sendRaw(JSON.stringify({ type: 'ping', pad: 'x'.repeat(70 * 1024) }));
    await client.waitFor((c) => c.closeCode !== null, 5000, 'close');
    expect(client.closeCode).toBe(1009);
  });

  it('refuses sockets from a foreign origin and accepts allowed ones', async () => {
    await expect(LiveClient.connect(suite.baseUrl, { origin: 'https://evil.example' })).rejects.toThrow('403');
    const allowed = await LiveClient.connect(suite.baseUrl, { origin: 'https://allowed.example' });
    const local = await LiveClient.connect(suite.baseUrl, { origin: 'http://localhost:5173' });
    expect(allowed.open && local.open).toBe(true);
    allowed.close();
    local.close();
  });
});

describe('HTTP API input', () => {
  const suite = describeStack({ mode: 'embedded', llm: false });

  const post = (body: string) =>
    fetch(`${suite.baseUrl}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it.each([
    ['{bad', 400],
    ['[1,2]', 400],
    [JSON.stringify({ name: 'x'.repeat(51) }), 400],
    [JSON.stringify({ name: 'ok', owner_id: 'someone-else' }), 400],
    [JSON.stringify({ name: 'x'.repeat(70_000) }), 413],
  ])('answers %s with %i and an error body', async (body, status) => {
    const res = await post(body);
    expect(res.status).toBe(status);
    const json = (await res.json()) as { error: { code: string; message: string } };
    expect(json.error.code).toEqual(expect.any(String));
    expect(json.error.message.length).toBeGreaterThan(0);
  });

  it('creates a room with a trimmed name and answers the public view of it', async () => {
    const res = await post(JSON.stringify({ name: '  Sala principal  ' }));
    expect(res.status).toBe(201);
    const { room, hostKey } = (await res.json()) as { room: { id: string; name: string }; hostKey: string };
    expect(room.name).toBe('Sala principal');
    const view = await fetch(`${suite.baseUrl}/api/view/${room.id}`);
    const info = await view.json();
    expect(info).toEqual({
      id: room.id,
      name: 'Sala principal',
      status: 'scheduled',
      source_language: null,
      viewer_downloads: true,
      questions_enabled: false,
    });
    expect(JSON.stringify(info)).not.toContain(hostKey);
    expect((await fetch(`${suite.baseUrl}/api/view/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${suite.baseUrl}/api/view/not-a-uuid`)).status).toBe(400);
  });

  it('tells hosts when no translation provider is configured', async () => {
    const { room, hostKey } = (await (await post('{}')).json()) as CreateRoomResponse;
    const host = await LiveClient.connect(suite.baseUrl);
    host.send({ type: 'join', roomId: room.id, role: 'host', hostKey });
    await host.waitFor((c) => c.of('joined').length === 1);
    expect(host.of('joined')[0].translationUnavailable).toBe(true);
    host.close();
  });
});
