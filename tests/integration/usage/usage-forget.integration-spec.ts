import type { INestApplication } from '@nestjs/common';
import { BusUsageMeter } from '@lt/usage';
import { eventually, LiveClient } from '@lt/testing';
import { describeStack, readersCounted } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { createRoom, MODES, transcript } from '../helpers';

jest.setTimeout(30_000);

/** The translation service's usage meter keeps a room's owner and spending while it is live, not after it ended. */
describe.each(MODES)('usage metering of a room that ends (%s mode)', (mode) => {
  let stack: Stack;
  /** The process translate-svc runs in. */
  let translate: INestApplication;

  const suite = describeStack({ mode });
  const clients = suite.clients;

  beforeAll(async () => {
    ({ stack } = suite);
    if (mode === 'embedded') translate = stack.gateways[0].app;
    else {
      await stack.stopService('translate-svc');
      translate = await stack.startService('translate-svc');
    }
  });

  const join = async (frame: Record<string, unknown>) => {
    const client = await LiveClient.connect(stack.baseUrl);
    clients.push(client);
    client.send({ type: 'join', ...frame });
    await client.waitFor((c) => c.of('joined').length === 1, 5000, 'joined');
    return client;
  };

  it('forgets the room once it has ended', async () => {
    // Embedded mode runs translate-svc and tts-svc in one process: each has a meter; translate's is the one that translated.
    const meters = (): BusUsageMeter[] => [translate.get(BusUsageMeter, { each: true, strict: false })].flat();
    const kept = () => meters().reduce((n, meter) => n + meter.rooms, 0);
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Metered');
    const host = await join({ roomId: room.id, role: 'host', hostKey });
    const viewer = await join({ roomId: room.id, role: 'viewer', lang: 'fr' });
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await viewer.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start');
    await readersCounted(stack, room.id, 'fr');
    host.send(transcript('m-1', 'Buenos días a todos'));
    await viewer.waitFor((c) => c.of('translation').length === 1, 10_000, 'the translation');
    expect(kept()).toBeGreaterThan(0);

    host.send({ type: 'room_end' });
    await viewer.waitFor((c) => c.of('room_end').length === 1, 5000, 'room_end');
    await eventually(() => kept() === 0, { what: 'every meter to forget the ended room', timeoutMs: 3_000 });
  });
});
