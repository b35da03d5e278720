import { LiveRooms } from '@lt/gateway';
import { eventually, type LiveClient } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import { createRoom, transcript } from '../helpers';

jest.setTimeout(30_000);

const natsUp = process.env.LT_NATS_AVAILABLE === '1';

/** Room events travel on subjects of their room: a gateway hears only the rooms its sockets are in. */
(natsUp ? describe : describe.skip)('per-room subjects with two gateways (distributed mode)', () => {
  const suite = describeStack({ mode: 'distributed', gateways: 2 });

  const connect = async (baseUrl: string, join: Record<string, unknown>) => {
    const client = await suite.join(join, baseUrl);
    expect(client.of('joined')).toHaveLength(1);
    return client;
  };

  it('delivers every message once to viewers on both gateways, and nothing of a room to a gateway without its sockets', async () => {
    const { stack, llm } = suite;
    const [a, b] = stack.gateways;
    const roomsOf = (g: typeof a) => g.app.get(LiveRooms);
    const x = await createRoom(a.baseUrl, 'Room X');
    const y = await createRoom(a.baseUrl, 'Room Y');

    const hostX = await connect(a.baseUrl, { roomId: x.room.id, role: 'host', hostKey: x.hostKey });
    const hostY = await connect(b.baseUrl, { roomId: y.room.id, role: 'host', hostKey: y.hostKey });
    const viewersX = [
      await connect(a.baseUrl, { roomId: x.room.id, role: 'viewer', lang: 'fr' }),
      await connect(a.baseUrl, { roomId: x.room.id, role: 'viewer', lang: 'de' }),
    ];
    const viewersY = [
      await connect(a.baseUrl, { roomId: y.room.id, role: 'viewer', lang: 'fr' }),
      await connect(b.baseUrl, { roomId: y.room.id, role: 'viewer', lang: 'fr' }),
      await connect(b.baseUrl, { roomId: y.room.id, role: 'viewer', lang: 'it' }),
    ];
    hostX.send({ type: 'room_start', sourceLanguage: 'es' });
    hostY.send({ type: 'room_start', sourceLanguage: 'es' });
    await Promise.all([...viewersX, ...viewersY].map((v) => v.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start')));
    await suite.readers(x.room.id, 'fr', 'de');
    await suite.readers(y.room.id, 'fr', 'it');

    const sentences = 5;
    for (let i = 1; i <= sentences; i++) {
      hostX.send(transcript(`x-${i}`, `Frase ${i} en la sala equis`));
      hostY.send(transcript(`y-${i}`, `Frase ${i} en la sala y griega`));
    }
    const done = (n: number) => (c: LiveClient) => c.of('translation').length >= n;
    await Promise.all([...viewersX, ...viewersY].map((v) => v.waitFor(done(sentences), 10_000, `${sentences} translations`)));
    // One more sentence in each room, once those are shown, marks the end: a message sent twice would come before it.
    hostX.send(transcript('x-last', 'La última frase en la sala equis'));
    hostY.send(transcript('y-last', 'La última frase en la sala y griega'));
    const said = sentences + 1;
    await Promise.all([...viewersX, ...viewersY].map((v) => v.waitFor(done(said), 10_000, 'the last translation')));

    for (const viewer of [...viewersX, ...viewersY]) {
      // Each message exactly once and in seq order on the wire, whatever order the translations finished in.
      expect(viewer.of('translation').map((t) => t.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    }
    const idsOf = (c: LiveClient) =>
      c
        .of('translation')
        .map((t) => t.messageId)
        .sort();
    expect(idsOf(viewersY[0])).toEqual(idsOf(viewersY[1]));
    // Gateway B has no socket in room X: it received none of its events. Gateway A has sockets in both.
    expect(roomsOf(b).received.get(x.room.id) ?? 0).toBe(0);
    expect(roomsOf(a).received.get(x.room.id)).toBeGreaterThanOrEqual(sentences * 3);
    expect(roomsOf(a).received.get(y.room.id)).toBeGreaterThan(0);
    // One LLM call per sentence and language in demand, whatever the gateways: X fr+de, Y fr+it.
    expect(llm.calls.length).toBe(said * 4);

    // When its last viewer of room Y leaves, gateway A stops hearing room Y.
    viewersY[0].close();
    await eventually(() => !roomsOf(a).received.has(y.room.id), 'gateway A to leave room Y');
    const before = roomsOf(a).received.get(y.room.id);
    hostY.send(transcript('y-after', 'Una frase más para la sala y griega'));
    await Promise.all(viewersY.slice(1).map((v) => v.waitFor(done(said + 1), 10_000, 'the translation after')));
    // A sentence in room X, said once room Y's are out, marks the end: the bus hands A room Y's events before it.
    hostX.send(transcript('x-after', 'Una frase más para la sala equis'));
    await viewersX[0].waitFor(done(said + 1), 10_000, 'the translation in room X');
    expect(roomsOf(a).received.get(y.room.id)).toBe(before);
  });
});
