import { PresenceRegistry } from '@lt/translate';
import { createTestDatabase, LiveClient, type TestDatabase } from '@lt/testing';
import { startStack, type Stack } from '../support/stack';
import { createRoom, sleep } from './helpers';

jest.setTimeout(30_000);

const natsUp = process.env.LT_NATS_AVAILABLE === '1';

/**
 * A translate-svc started again asks the gateways which languages their viewers read, and they answer at
 * once: it knows them within a second, not at the gateways' next presence heartbeat (10 s). Only a
 * distributed stack restarts a service on its own; in embedded mode the gateway and translate start together.
 */
(natsUp ? describe : describe.skip)('languages in demand after a translate-svc restart (distributed mode)', () => {
  let db: TestDatabase;
  let stack: Stack;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    stack = await startStack({ mode: 'distributed', databaseUrl: db.url, llmUrl: null, gateways: 2 });
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await stack?.close();
    await db?.drop();
  });

  const view = async (baseUrl: string, roomId: string, lang: string) => {
    const client = await LiveClient.connect(baseUrl);
    clients.push(client);
    client.send({ type: 'join', roomId, role: 'viewer', lang });
    await client.waitFor((c) => c.of('joined').length === 1, 5000, 'joined');
  };

  it('knows the languages of the viewers on every gateway within 1 s of starting', async () => {
    const [a, b] = stack.gateways;
    const room = await createRoom(a.baseUrl, 'Keynote');
    await view(a.baseUrl, room.room.id, 'fr');
    await view(b.baseUrl, room.room.id, 'de');
    await stack.stopService('translate-svc');

    const app = await stack.startService('translate-svc');
    const started = Date.now();
    const registry = app.get(PresenceRegistry);
    const known = () => registry.languagesFor(room.room.id).sort().join(',');
    while (known() !== 'de,fr' && Date.now() - started < 1_000) await sleep(20);
    expect(known()).toBe('de,fr');
  });
});
