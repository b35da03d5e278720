import { CLOSE_CODES, ROOMS_SUBJECTS, type CreateSpeakerResponse, type ServerFrame, type TranscriptResponse } from '@lt/contracts';
import { eventually, type LiveClient } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import { authApi } from '../auth-api';
import { newUser, ownedRoom, type Api, type TestUser } from '../dashboard-api';
import { MODES, transcript } from '../helpers';

jest.setTimeout(60_000);

const tokenOf = (link: string) => new URL(link).searchParams.get('token') as string;

/** Every frame a client receives, with when it came. */
function timed(client: LiveClient): { frame: ServerFrame; at: number }[] {
  const seen: { frame: ServerFrame; at: number }[] = [];
  client.onFrame((frame) => seen.push({ frame, at: performance.now() }));
  return seen;
}

describe.each(MODES)('co-host speakers on the live path (%s mode)', (mode) => {
  const suite = describeStack({ mode, gateways: 2 });
  let api: Api;
  let owner: TestUser;
  /** The speaker's gateway: another one than the host's and viewers' where the stack has two. */
  let speakerUrl: string;
  const joined = (url: string, join: Record<string, unknown>) => suite.join(join, url);

  beforeAll(async () => {
    api = authApi(suite.baseUrl);
    speakerUrl = suite.stack.gateways.at(-1)?.baseUrl as string;
    owner = await newUser(api, 'live-speakers');
  });

  beforeEach(() => suite.llm.reset());

  const invite = async (roomId: string, name: string) => {
    const res = await api.call<CreateSpeakerResponse>('POST', `/api/rooms/${roomId}/speakers`, { name }, owner.token);
    expect(res.status).toBe(201);
    return { id: res.body.speaker.id, token: tokenOf(res.body.inviteLink) };
  };

  /** An owned room with its host connected, and an invited speaker. */
  const roomWithSpeaker = async (name = 'Ana') => {
    const { room } = await ownedRoom(api, owner, { name: 'Panel' });
    const host = await joined(suite.baseUrl, { roomId: room.id, role: 'host', accessToken: owner.token });
    expect(host.of('joined')).toHaveLength(1);
    const speaker = await invite(room.id, name);
    return { room, host, speaker };
  };

  it("stores, acks and translates a speaker's sentences once per language, under its name, for the host and the viewers", async () => {
    const { room, host, speaker } = await roomWithSpeaker('Ana');
    const fr = await joined(suite.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr' });
    const fr2 = await joined(suite.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr' });
    const de = await joined(suite.baseUrl, { roomId: room.id, role: 'viewer', lang: 'de' });
    const ana = await joined(speakerUrl, { roomId: room.id, role: 'speaker', inviteToken: speaker.token, lang: 'en' });
    expect(ana.of('joined')[0]).toMatchObject({
      role: 'speaker',
      speakerId: speaker.id,
      speakerName: 'Ana',
      clientId: expect.stringMatching(/^speaker-/),
    });

    // Not before the room starts, as the host.
    ana.send(transcript('a0000000-0000-4000-8000-000000000001', 'Too early', { sourceLanguage: 'en' }));
    await ana.waitFor((c) => c.of('error').length === 1, 5000, 'refusal');
    expect(ana.of('error')[0]).toEqual({
      type: 'error',
      code: 'room_not_active',
      message: 'Room is not active yet',
      messageId: 'a0000000-0000-4000-8000-000000000001',
    });

    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await ana.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start at the speaker');
    await suite.readers(room.id, 'fr', 'de');

    ana.send(transcript('a0000000-0000-4000-8000-000000000002', 'Good morning everyone', { sourceLanguage: 'en', final: false }));
    await host.waitFor((c) => c.of('interim').length === 1, 5000, 'interim at the host');
    expect(host.of('interim')[0]).toMatchObject({ text: 'Good morning everyone', speakerId: speaker.id, speakerName: 'Ana' });

    ana.send(transcript('a0000000-0000-4000-8000-000000000002', 'Good morning everyone', { sourceLanguage: 'en' }));
    await ana.waitFor((c) => c.of('ack').length === 1, 5000, 'ack');
    expect(ana.of('ack')[0]).toEqual({ type: 'ack', messageId: 'a0000000-0000-4000-8000-000000000002', seq: 1 });
    host.send(transcript('b0000000-0000-4000-8000-000000000001', 'Gracias, Ana'));
    await host.waitFor((c) => c.of('ack').length === 1, 5000, 'host ack');
    expect(host.of('ack')[0].seq).toBe(2);

    for (const viewer of [fr, fr2, de]) await viewer.waitFor((c) => c.of('translation').length === 2, 5000, 'translations');
    expect(fr.of('translation').map((t) => [t.seq, t.text, t.sourceLanguage, t.speakerId, t.speakerName])).toEqual([
      [1, '(fr) Good morning everyone', 'en', speaker.id, 'Ana'],
      [2, '(fr) Gracias, Ana', 'es', host.of('joined')[0].clientId, 'Host'],
    ]);
    expect(de.of('translation')[0]).toMatchObject({ text: '(de) Good morning everyone', speakerName: 'Ana' });

    // Each hears the other's stored sentences, never its own.
    await host.waitFor((c) => c.of('transcript').length === 1, 5000, "the speaker's transcript at the host");
    expect(host.of('transcript')[0]).toMatchObject({ seq: 1, text: 'Good morning everyone', speakerId: speaker.id, speakerName: 'Ana' });
    await ana.waitFor((c) => c.of('transcript').length === 1, 5000, "the host's transcript at the speaker");
    expect(ana.of('transcript').map((t) => t.speakerName)).toEqual(['Host']);
    expect(fr.of('transcript')).toEqual([]);

    const stored = await api.call<TranscriptResponse>('GET', `/api/rooms/${room.id}/transcript`, undefined, owner.token);
    expect(stored.body.messages.map((m) => [m.seq, m.speaker_id, m.speaker_name])).toEqual([
      [1, speaker.id, 'Ana'],
      [2, host.of('joined')[0].clientId, 'Host'],
    ]);
    // A resend is the same sentence.
    ana.send(transcript('a0000000-0000-4000-8000-000000000002', 'Good morning everyone', { sourceLanguage: 'en' }));
    await ana.waitFor((c) => c.of('ack').length === 2, 5000, 'second ack');
    expect(ana.of('ack')[1].seq).toBe(1);

    // One call per sentence and language: a sentence said last marks the end, an extra call would come before it.
    host.send(transcript('b0000000-0000-4000-8000-000000000002', 'Hasta luego'));
    for (const viewer of [fr, de]) await viewer.waitFor((c) => c.of('translation').length === 3, 5000, 'the last translation');
    const targets = (text: string) =>
      suite.llm.calls
        .filter((c) => c.task === 'translation' && c.user.includes(text))
        .map((c) => c.target)
        .sort();
    expect(targets('Gracias, Ana')).toEqual(['de', 'fr']);
    expect(targets('Hasta luego')).toEqual(['de', 'fr']);
    // Ana's line was also an interim first: Fast captions may have translated it once more into each language.
    const anas = targets('Good morning everyone');
    expect(anas.filter((t) => t === 'de').length).toBeGreaterThanOrEqual(1);
    expect(anas.filter((t) => t === 'de').length).toBeLessThanOrEqual(2);
    expect(anas.filter((t) => t === 'fr').length).toBeGreaterThanOrEqual(1);
    expect(anas.filter((t) => t === 'fr').length).toBeLessThanOrEqual(2);
    expect(anas.length).toBe(suite.llm.calls.filter((c) => c.task === 'translation').length - 4);
  });

  it('tells the host and the viewers a second after a speaker joins, and when it leaves', async () => {
    const { room, host, speaker } = await roomWithSpeaker('Bea');
    const viewer = await joined(suite.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr' });
    const hostFrames = timed(host);
    const started = performance.now();
    const bea = await joined(speakerUrl, { roomId: room.id, role: 'speaker', inviteToken: speaker.token, lang: 'de' });
    const joinedAt = performance.now();
    for (const client of [host, viewer]) await client.waitFor((c) => c.of('speaker_joined').length === 1, 5000, 'speaker_joined');
    const announced = hostFrames.find((f) => f.frame.type === 'speaker_joined');
    expect(announced?.at).toBeGreaterThanOrEqual(started + 950);
    expect((announced?.at as number) - joinedAt).toBeLessThan(2000);
    for (const client of [host, viewer]) {
      expect(client.of('speaker_joined')[0]).toMatchObject({
        roomId: room.id,
        speakerId: speaker.id,
        speakerName: 'Bea',
        timestamp: expect.any(String),
      });
    }
    expect(bea.of('speaker_joined')).toEqual([]);
    const listed = await api.call<{ speakers: { status: string; input_language: string }[] }>(
      'GET',
      `/api/rooms/${room.id}/speakers`,
      undefined,
      owner.token,
    );
    expect(listed.body.speakers[0]).toMatchObject({ status: 'active', input_language: 'de' });

    bea.close();
    for (const client of [host, viewer]) await client.waitFor((c) => c.of('speaker_left').length === 1, 5000, 'speaker_left');
    expect(viewer.of('speaker_left')[0]).toMatchObject({ speakerId: speaker.id, speakerName: 'Bea' });
    const status = async () =>
      (await api.call<{ speakers: { status: string }[] }>('GET', `/api/rooms/${room.id}/speakers`, undefined, owner.token)).body.speakers[0]
        .status;
    await eventually(async () => (await status()) === 'joined', "the speaker's status back to joined");
  });

  it('refuses a speaker socket without a token of this room: none, a made-up one, or one of another room', async () => {
    const { room: x, speaker } = await roomWithSpeaker('Carla');
    const { room: y } = await ownedRoom(api, owner, { name: 'Other' });
    const invalid = [
      { roomId: x.id, role: 'speaker' },
      { roomId: x.id, role: 'speaker', inviteToken: 'A'.repeat(43) },
      { roomId: y.id, role: 'speaker', inviteToken: speaker.token },
    ];
    for (const join of invalid) {
      const socket = await joined(speakerUrl, join);
      expect(socket.of('error')[0]).toMatchObject({ code: 'invalid_invite' });
      expect(socket.of('joined')).toEqual([]);
      socket.send(transcript(crypto.randomUUID(), 'Intruso'));
      await socket.waitFor((c) => c.of('error').length === 2, 5000, 'second error');
      expect(socket.of('error')[1].code).toBe('not_joined');
    }
    const http = await api.call('POST', '/api/speak/verify', { roomId: y.id, token: speaker.token });
    expect(http.status).toBe(403);
  });

  it("closes a removed speaker's socket on its gateway, and its token opens nothing any more", async () => {
    const { room, host, speaker } = await roomWithSpeaker('Dora');
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    const dora = await joined(speakerUrl, { roomId: room.id, role: 'speaker', inviteToken: speaker.token, lang: 'es' });
    await host.waitFor((c) => c.of('speaker_joined').length === 1, 5000, 'speaker_joined');

    const res = await api.call('DELETE', `/api/rooms/${room.id}/speakers/${speaker.id}`, undefined, owner.token);
    expect(res.status).toBe(204);
    // How soon it closes is measured by the control-path bench (tests/bench/control.bench.ts).
    await dora.waitFor((c) => c.closeCode !== null, 5000, 'close');
    expect(dora.closeCode).toBe(CLOSE_CODES.speakerRemoved);
    expect(dora.frames.at(-1)).toMatchObject({ type: 'error', code: 'speaker_removed' });
    await host.waitFor((c) => c.of('speaker_left').length === 1, 5000, 'speaker_left');

    const again = await joined(speakerUrl, { roomId: room.id, role: 'speaker', inviteToken: speaker.token });
    expect(again.of('error')[0]).toMatchObject({ code: 'invalid_invite' });
    expect((await api.call('POST', '/api/speak/verify', { roomId: room.id, token: speaker.token })).status).toBe(403);
    // A sentence still on its way from the removed speaker's socket is not stored either.
    const late = suite.stack.bus.request(ROOMS_SUBJECTS.appendTranscript, {
      roomId: room.id,
      messageId: crypto.randomUUID(),
      text: 'Still here',
      sourceLanguage: 'es',
      timestamp: new Date().toISOString(),
      confidence: 0.9,
      speakerId: speaker.id,
      speakerName: 'Dora',
      invitedSpeaker: true,
    });
    await expect(late).rejects.toMatchObject({ code: 'invalid_invite' });
  });
});
