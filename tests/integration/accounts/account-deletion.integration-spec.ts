import type { Client } from 'pg';
import { ACCOUNTS_SUBJECTS, CLOSE_CODES } from '@lt/contracts';
import { eventually } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import { authApi } from '../auth-api';
import { newUser, ownedRoom, speak, type Api, type TestUser } from '../dashboard-api';
import { createRoom, MODES } from '../helpers';
import { rowsHolding } from '../table-search';

jest.setTimeout(30_000);

describe.each(MODES)('deleting an account or a room (%s mode)', (mode) => {
  const suite = describeStack({ mode });
  let api: Api;
  let sql: Client;

  beforeAll(async () => {
    api = authApi(suite.baseUrl);
    sql = await suite.sql();
  });

  const holding = (needles: string[]) => rowsHolding(sql, needles);

  /** A room with a transcript, French translations and a viewer reading them; answers its sockets. */
  const busyRoom = async (user: TestUser, name: string) => {
    const { room } = await ownedRoom(api, user, { name });
    expect((await api.call('POST', `/api/rooms/${room.id}/speakers`, { name: 'Co-host' }, user.token)).status).toBe(201);
    const glossary = { entries: [{ term: 'Kubernetes', keep: true }] };
    expect((await api.call('PUT', `/api/rooms/${room.id}/glossary`, glossary, user.token)).status).toBe(200);
    const host = await suite.join({ roomId: room.id, role: 'host', accessToken: user.token });
    // Asking and voting come from viewers whose sockets are in the room (their viewerId is the X-Client-Id).
    const asker = `viewer-${name.length}-0001`;
    const voter = `viewer-${name.length}-0002`;
    const viewer = await suite.join({ roomId: room.id, role: 'viewer', lang: 'fr', viewerId: asker });
    await suite.join({ roomId: room.id, role: 'viewer', viewerId: voter });
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    const at = new Date().toISOString();
    await speak(host, [
      { id: crypto.randomUUID(), text: `${name} uno`, at, confidence: 0.9 },
      { id: crypto.randomUUID(), text: `${name} dos`, at, confidence: 0.9 },
    ]);
    await viewer.waitFor((c) => c.of('translation').length === 2, 5000, 'translations');
    // A question from the audience, upvoted, translated for the host: rows in rooms and in translate.
    expect((await api.call('PUT', `/api/rooms/${room.id}/question-settings`, { enabled: true }, user.token)).status).toBe(200);
    const viewerCall = (clientId: string, path: string, body?: unknown) =>
      api.send<{ id: string }>('POST', path, {
        headers: { 'content-type': 'application/json', 'x-client-id': clientId },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const question = await viewerCall(asker, `/api/view/${room.id}/questions`, { text: `${name} pregunta?`, lang: 'fr' });
    expect(question.status).toBe(201);
    expect((await viewerCall(voter, `/api/view/${room.id}/questions/${question.body.id}/vote`)).status).toBe(200);
    await host.waitFor((c) => c.of('question').length === 1, 5000, 'question');
    return { room, host, viewer };
  };

  it("deletes every row of the user and of its rooms in every table, and closes its rooms' sockets", async () => {
    const user = await newUser(api, 'leaving');
    const staying = await newUser(api, 'staying');
    const { room, host, viewer } = await busyRoom(user, 'Mine');
    const { room: second } = await ownedRoom(api, user, { name: 'Scheduled' });
    const anonymous = await createRoom(suite.baseUrl, 'Claimed');
    expect((await api.call('POST', `/api/rooms/${anonymous.room.id}/claim`, { hostKey: anonymous.hostKey }, user.token)).status).toBe(200);
    const kept = await busyRoom(staying, 'Theirs');
    suite.stack.bus.emit(ACCOUNTS_SUBJECTS.trackUsage, {
      eventId: crypto.randomUUID(),
      userId: user.userId,
      roomId: room.id,
      tokens: 42,
      eventType: 'translation',
    });
    expect((await api.signIn(user.email, 'wrong-password')).status).toBe(400);

    const mine = [user.userId, user.email, room.id, second.id, anonymous.room.id];
    const tables = [
      'accounts.users',
      'accounts.profiles',
      'accounts.sessions',
      'accounts.token_usage',
      'accounts.sign_in_throttle',
      'rooms.rooms',
      'rooms.room_evaluations',
      'rooms.message_logs',
      'rooms.room_speakers',
      'rooms.room_glossaries',
      'rooms.questions',
      'rooms.question_votes',
      'translate.translations',
      'translate.question_translations',
    ];
    // The usage and the question's translations are written a moment after their event: wait for every table.
    const before = await eventually(async () => {
      const held = await holding(mine);
      return tables.every((table) => table in held) && held;
    }, "the user's rows in every table");
    expect(Object.keys(before)).toEqual(expect.arrayContaining(tables));

    expect((await api.call('DELETE', '/api/auth/user', undefined, user.token)).status).toBe(204);

    await viewer.waitFor((c) => c.closeCode !== null, 5000, 'close');
    expect(viewer.closeCode).toBe(CLOSE_CODES.roomDeleted);
    expect(viewer.frames.at(-1)).toMatchObject({ type: 'room_end', roomId: room.id });
    // The host socket was opened with the user's own session, which ends first.
    await host.waitFor((c) => c.closeCode !== null, 5000, 'host close');
    expect(host.closeCode).toBe(CLOSE_CODES.signedOut);
    expect(await holding(mine)).toEqual({});
    // What belongs to others is untouched, and still found by the same search.
    expect(Object.keys(await holding([staying.userId, kept.room.id]))).toEqual(
      expect.arrayContaining(['accounts.users', 'rooms.rooms', 'rooms.message_logs', 'rooms.questions', 'translate.translations']),
    );
    expect(kept.viewer.open).toBe(true);
    expect((await api.signIn(user.email)).status).toBe(400);
    const rejoin = await suite.join({ roomId: room.id, role: 'viewer', lang: 'fr' });
    expect(rejoin.of('error')[0]?.code).toBe('room_not_found');
  });

  it('deletes one room, by its owner or by an admin, with its transcript and translations, and ends it for its sockets', async () => {
    const owner = await newUser(api, 'owner');
    const admin = await newUser(api, 'admin', 'admin@example.com');
    for (const by of [owner, admin]) {
      const { room, viewer } = await busyRoom(owner, `Deleted by ${by === admin ? 'admin' : 'owner'}`);
      expect(Object.keys(await holding([room.id]))).toEqual(
        expect.arrayContaining(['rooms.room_glossaries', 'rooms.questions', 'rooms.question_votes', 'translate.question_translations']),
      );
      const path = by === admin ? `/api/admin/rooms/${room.id}` : `/api/rooms/${room.id}`;
      expect((await api.call('DELETE', path, undefined, by.token)).status).toBe(204);
      await viewer.waitFor((c) => c.closeCode !== null, 5000, 'close');
      expect(viewer.closeCode).toBe(CLOSE_CODES.roomDeleted);
      expect(viewer.of('room_end')).toHaveLength(1);
      expect(await holding([room.id])).toEqual({});
      expect((await api.call('DELETE', path, undefined, by.token)).status).toBe(404);
    }
    expect(Object.keys(await holding([owner.userId]))).toEqual(expect.arrayContaining(['accounts.users', 'accounts.profiles']));
  });
});
