import { PresenceRegistry } from '@lt/translate';
import { eventually } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import { createRoom } from '../helpers';

jest.setTimeout(30_000);

const natsUp = process.env.LT_NATS_AVAILABLE === '1';

/**
 * A translate-svc started again asks the gateways which languages their viewers read, and they answer at
 * once: it knows them within a second, not at the gateways' next presence heartbeat (10 s). Only a
 * distributed stack restarts a service on its own; in embedded mode the gateway and translate start together.
 */
(natsUp ? describe : describe.skip)('languages in demand after a translate-svc restart (distributed mode)', () => {
  const suite = describeStack({ mode: 'distributed', llm: false, gateways: 2 });

  const view = async (baseUrl: string, roomId: string, lang: string) => {
    const client = await suite.join({ roomId, role: 'viewer', lang }, baseUrl);
    expect(client.of('joined')).toHaveLength(1);
  };

  it('knows the languages of the viewers on every gateway within 1 s of starting', async () => {
    const { stack } = suite;
    const [a, b] = stack.gateways;
    const room = await createRoom(a.baseUrl, 'Keynote');
    await view(a.baseUrl, room.room.id, 'fr');
    await view(b.baseUrl, room.room.id, 'de');
    await stack.stopService('translate-svc');

    const app = await stack.startService('translate-svc');
    const registry = app.get(PresenceRegistry);
    const known = () => registry.languagesFor(room.room.id).sort().join(',');
    // Time under test: the gateways answer a restarted service at once, well before their next heartbeat.
    await eventually(() => known() === 'de,fr', { what: 'the restarted translate-svc to know both languages', timeoutMs: 1_000 });
    expect(known()).toBe('de,fr');
  });
});
