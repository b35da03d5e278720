import type { QuestionView } from '@lt/contracts';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { authApi } from '../auth-api';
import { joined, newUser, ownedRoom, type Api as AuthApi, type TestUser } from '../dashboard-api';

jest.setTimeout(60_000);

/**
 * Asking and voting are for viewers joined to the room. With two gateways, a viewer's socket may be on one and
 * its HTTP call on the other: the gateway that takes the call asks the others over the bus.
 */
describe('questions from viewers joined on another gateway (distributed mode)', () => {
  let stack: Stack;
  let owner: TestUser;
  let viaA: AuthApi;

  const suite = describeStack({ mode: 'distributed', gateways: 2 });
  const clients = suite.clients;

  beforeAll(async () => {
    ({ stack } = suite);
    viaA = authApi(stack.gateways[0].baseUrl);
    owner = await newUser(viaA, 'questions-gateways');
  });

  const headers = (clientId: string) => ({ 'content-type': 'application/json', 'x-client-id': clientId });
  const ask = (roomId: string, clientId: string, text: string) =>
    viaA.send<QuestionView>('POST', `/api/view/${roomId}/questions`, {
      headers: headers(clientId),
      body: JSON.stringify({ text, lang: 'en' }),
    });
  const vote = (roomId: string, questionId: string, clientId: string) =>
    viaA.send<{ votes: number }>('POST', `/api/view/${roomId}/questions/${questionId}/vote`, { headers: headers(clientId) });
  const codeOf = (answer: { status: number; body: unknown }) => [answer.status, (answer.body as { error?: { code: string } }).error?.code];

  it('takes a question and a vote from viewers joined on the other gateway, and refuses a client id no socket holds', async () => {
    const { room, hostKey } = await ownedRoom(viaA, owner, { name: 'Two gateways' });
    expect((await viaA.call('PUT', `/api/rooms/${room.id}/question-settings`, { enabled: true }, owner.token)).status).toBe(200);
    const onB = stack.gateways[1].baseUrl;
    const host = await joined(onB, { roomId: room.id, role: 'host', hostKey }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    await joined(onB, { roomId: room.id, role: 'viewer', lang: 'en', viewerId: 'client-on-b-0001' }, clients);
    await joined(onB, { roomId: room.id, role: 'viewer', lang: 'en', viewerId: 'client-on-b-0002' }, clients);

    const asked = await ask(room.id, 'client-on-b-0001', 'Asked through the other gateway?');
    expect(asked.status).toBe(201);
    expect(codeOf(await ask(room.id, 'client-nowhere-01', 'Nobody watches from here'))).toEqual([409, 'not_joined']);
    expect(codeOf(await vote(room.id, asked.body.id, 'client-nowhere-01'))).toEqual([409, 'not_joined']);
    expect(codeOf(await vote(room.id, asked.body.id, 'client-on-b-0001'))).toEqual([403, 'own_question']);
    const voted = await vote(room.id, asked.body.id, 'client-on-b-0002');
    expect(voted.status).toBe(200);
    expect(voted.body.votes).toBe(1);
  });
});
