import { CLOSE_CODES, LIMITS, LiveErrorCode, ROOMS_SUBJECTS, type ServerFrame } from '@lt/contracts';
import { createTestDatabase, FakeOpenAiServer, LiveClient, type TestDatabase } from '@lt/testing';
import { startStack, type Stack } from '../support/stack';
import { createRoom, MODES, sleep, transcript } from './helpers';

jest.setTimeout(60_000);

const natsUp = process.env.LT_NATS_AVAILABLE === '1';

/** Seqs of the translation frames a viewer received, in the order they came over the wire. */
const seqsOnWire = (c: LiveClient) => c.of('translation').map((t) => t.seq);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function joined(baseUrl: string, join: Record<string, unknown>, clients: LiveClient[]): Promise<LiveClient> {
  const client = await LiveClient.connect(baseUrl);
  clients.push(client);
  client.send({ type: 'join', ...join });
  await client.waitFor((c) => c.of('joined').length === 1, 5000, 'joined');
  return client;
}

describe.each(MODES)('what viewers receive on the wire (%s mode)', (mode) => {
  let db: TestDatabase;
  let llm: FakeOpenAiServer;
  let stack: Stack;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    llm = new FakeOpenAiServer();
    await llm.start();
    stack = await startStack({ mode, databaseUrl: db.url, llmUrl: llm.url, gateways: 2 });
  });

  afterAll(async () => {
    clients.forEach((c) => c.close());
    await stack?.close();
    await llm?.stop();
    await db?.drop();
  });

  it('sends each translation once and in seq order, though they finish out of order, across resync and the late-fetch window', async () => {
    // Sentences 1 and 4 take the language model much longer: translate-svc finishes 2, 3 before 1, and 5, 6 before 4.
    llm.delayWhen('lenta', 1_500);
    const [first, last] = [stack.gateways[0], stack.gateways[stack.gateways.length - 1]];
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Orden');
    const host = await joined(first.baseUrl, { roomId: room.id, role: 'host', hostKey }, clients);
    const viewers = [
      await joined(first.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr' }, clients),
      await joined(last.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr' }, clients),
      await joined(last.baseUrl, { roomId: room.id, role: 'viewer', lang: 'de' }, clients),
    ];
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await Promise.all(viewers.map((v) => v.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start')));

    const texts = ['Una frase lenta', 'Dos rápida', 'Tres rápida', 'Cuatro lenta', 'Cinco rápida', 'Seis rápida'];
    texts.forEach((text, i) => host.send(transcript(`order-${i + 1}`, text)));
    await host.waitFor((c) => c.of('ack').length === texts.length, 5000, 'acks');
    await Promise.all(viewers.map((v) => v.waitFor((c) => c.of('translation').length >= texts.length, 10_000, 'translations')));

    // A resync overlapping what was already sent adds nothing; neither does waiting past the late-fetch window.
    viewers[0].send({ type: 'resync', since: 2 });
    await sleep(6_000);
    for (const viewer of viewers) expect(seqsOnWire(viewer)).toEqual(range(1, 6));
    expect(viewers[2].of('translation')[0].text).toContain('(de)');

    // A viewer coming back with `since` gets exactly the rest, and then live ones, in order.
    const back = await joined(last.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr', since: 3 }, clients);
    await back.waitFor((c) => c.of('translation').length >= 3, 5000, 'the missed translations');
    host.send(transcript('order-7', 'Siete lenta'));
    host.send(transcript('order-8', 'Ocho rápida'));
    await back.waitFor((c) => c.of('translation').length >= 5, 10_000, 'the live ones');
    await sleep(300);
    expect(seqsOnWire(back)).toEqual(range(4, 8));
    for (const viewer of viewers) expect(seqsOnWire(viewer)).toEqual(range(1, 8));
    llm.reset();
  });

  it('gives a viewer far behind everything it missed in order, in more than one batch', async () => {
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Lote');
    // Four host sockets, each within its burst allowance: the room gets more than one resync batch quickly.
    const hosts = await Promise.all(range(1, 4).map(() => joined(stack.baseUrl, { roomId: room.id, role: 'host', hostKey }, clients)));
    hosts[0].send({ type: 'room_start', sourceLanguage: 'es' });
    await Promise.all(hosts.map((host) => host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start')));
    const perHost = 58;
    const total = perHost * hosts.length;
    expect(total).toBeGreaterThan(LIMITS.resyncBatch);
    hosts.forEach((host, h) => range(1, perHost).forEach((i) => host.send(transcript(`batch-${h}-${i}`, `Frase ${h}.${i}`))));
    await Promise.all(hosts.map((host) => host.waitFor((c) => c.of('ack').length === perHost, 15_000, 'every ack')));
    // The viewer reads the original language: no language model calls, only stored text.
    const viewer = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'es', since: 10 }, clients);
    await viewer.waitFor((c) => c.of('translation').length >= total - 10, 15_000, 'every missed message');
    await sleep(300);
    expect(seqsOnWire(viewer)).toEqual(range(11, total));
  });
});

(natsUp ? describe : describe.skip)('a dead or hung service does not hold the socket (distributed mode)', () => {
  let db: TestDatabase;
  let stack: Stack;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    stack = await startStack({ mode: 'distributed', databaseUrl: db.url, llmUrl: null });
  });

  afterAll(async () => {
    clients.forEach((c) => c.close());
    await stack?.close();
    await db?.drop();
  });

  /** Milliseconds until a frame matching `match` arrives. */
  const timeTo = async (client: LiveClient, match: (f: ServerFrame) => boolean, what: string) => {
    const start = Date.now();
    const seen = client.frames.length;
    await client.waitFor((c) => c.frames.slice(seen).some(match), 15_000, what);
    return Date.now() - start;
  };

  it('answers unavailable at once, with the messageId, and pings and language changes are never held behind a hung request', async () => {
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Caída');
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', hostKey }, clients);
    const viewer = await joined(stack.baseUrl, { roomId: room.id, role: 'viewer', lang: 'fr' }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    host.send(transcript('alive-1', 'Antes de la caída'));
    await host.waitFor((c) => c.of('ack').length === 1, 5000, 'the first ack');

    await stack.stopService('rooms-svc');
    const refusedAtOnce = timeTo(host, (f) => f.type === 'error' && f.messageId === 'dead-1', 'the refusal');
    host.send(transcript('dead-1', 'Nadie la guarda'));
    expect(await refusedAtOnce).toBeLessThan(2_000);
    const refusal = host.of('error').find((e) => e.messageId === 'dead-1');
    expect(refusal?.code).toBe(LiveErrorCode.Unavailable);

    // A responder that never answers: the transcript waits, everything else of the socket goes on.
    const hung = stack.bus.subscribe(ROOMS_SUBJECTS.appendTranscript.subject, () => undefined);
    await sleep(200);
    // The refused sentence is sent again first (as the client's outbox does), then the next one.
    const firstAnswered = timeTo(host, (f) => f.type === 'error' && f.messageId === 'dead-1', 'the hung refusal');
    const secondAnswered = timeTo(host, (f) => f.type === 'error' && f.messageId === 'hung-2', 'the one after it');
    host.send(transcript('dead-1', 'Nadie la guarda'));
    host.send(transcript('hung-2', 'Viene detrás'));
    await sleep(300);
    const pong = timeTo(host, (f) => f.type === 'pong', 'pong');
    host.send({ type: 'ping' });
    expect(await pong).toBeLessThan(2_000);
    const languageAnswer = timeTo(viewer, (f) => f.type === 'error' || f.type === 'translation', 'an answer to set_language');
    viewer.send({ type: 'set_language', lang: 'de' });
    expect(await languageAnswer).toBeLessThan(2_000);

    const first = await firstAnswered;
    const second = await secondAnswered;
    // The hung request is given up after the append timeout, not the bus's 10 s.
    expect(first).toBeGreaterThan(3_000);
    expect(first).toBeLessThan(8_000);
    // The sentence after a refused one is refused too, at once, so that it is never stored before it.
    expect(second - first).toBeLessThan(500);
    const codes = host
      .of('error')
      .filter((e) => e.messageId === 'dead-1' || e.messageId === 'hung-2')
      .map((e) => e.code);
    expect(codes).toEqual([LiveErrorCode.Unavailable, LiveErrorCode.Unavailable, LiveErrorCode.Unavailable]);
    hung();
    expect(host.open).toBe(true);
  });
});

describe('floods, idle sockets and the per-address cap', () => {
  let db: TestDatabase;
  let stack: Stack;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    stack = await startStack({ mode: 'embedded', databaseUrl: db.url, llmUrl: null, wsMaxPerAddress: 4 });
  });

  afterAll(async () => {
    clients.forEach((c) => c.close());
    await stack?.close();
    await db?.drop();
  });

  it('closes a socket that keeps flooding with 1008 after a few seconds, with one error a second, and a socket that never joins after 10 s', async () => {
    const idle = await LiveClient.connect(stack.baseUrl);
    clients.push(idle);
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Inundación');
    const flooder = await joined(stack.baseUrl, { roomId: room.id, role: 'host', hostKey }, clients);
    const started = Date.now();
    while (flooder.open && Date.now() - started < 8_000) {
      for (let i = 0; i < 10; i++) flooder.send({ type: 'ping' });
      await sleep(50);
    }
    await flooder.waitFor((c) => c.closeCode !== null, 2_000, 'the close');
    expect(flooder.closeCode).toBe(CLOSE_CODES.policyViolation);
    const closedAfter = Date.now() - started;
    expect(closedAfter).toBeGreaterThanOrEqual(3_000);
    expect(closedAfter).toBeLessThan(6_000);
    expect(flooder.of('error').filter((e) => e.code === LiveErrorCode.RateLimited).length).toBeLessThanOrEqual(
      Math.ceil(closedAfter / 1000) + 1,
    );

    const idleCloses = idle.waitFor((c) => c.closeCode !== null, 12_000, 'the idle close');
    await idleCloses;
    expect(idle.closeCode).toBe(CLOSE_CODES.policyViolation);
  });

  it('names the messageId of a transcript refused for its rate, and keeps a socket at a steady 15 frames a second open', async () => {
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Ráfaga');
    const host = await joined(stack.baseUrl, { roomId: room.id, role: 'host', hostKey }, clients);
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    for (let i = 1; i <= LIMITS.frameBurst + 10; i++) host.send(transcript(`burst-${i}`, `Frase ${i}`));
    await host.waitFor((c) => c.of('ack').length + c.of('error').length >= LIMITS.frameBurst + 10, 10_000, 'every answer');
    const refused = host.of('error').filter((e) => e.code === LiveErrorCode.RateLimited);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((e) => e.messageId?.startsWith('burst-'))).toBe(true);

    // What was not stored is sent again, oldest first: every sentence is stored once, in spoken order.
    await sleep(1_000);
    const unacked = range(1, LIMITS.frameBurst + 10).filter((i) => !host.of('ack').some((a) => a.messageId === `burst-${i}`));
    expect(unacked.length).toBeGreaterThanOrEqual(refused.length);
    unacked.forEach((i) => host.send(transcript(`burst-${i}`, `Frase ${i}`)));
    await host.waitFor(
      (c) => new Set(c.of('ack').map((a) => a.messageId)).size === LIMITS.frameBurst + 10,
      10_000,
      'every sentence stored',
    );
    const seqOf = new Map(host.of('ack').map((a) => [a.messageId, a.seq]));
    const seqs = range(1, LIMITS.frameBurst + 10).map((i) => seqOf.get(`burst-${i}`));
    expect(seqs).toEqual(range(1, LIMITS.frameBurst + 10));

    await sleep(3_000);
    for (let i = 0; i < 75; i++) {
      host.send({ type: 'ping' });
      await sleep(66);
    }
    await sleep(200);
    expect(host.open).toBe(true);
  });

  it('refuses more sockets from one address than WS_MAX_PER_ADDRESS, and takes one again when another closes', async () => {
    clients.splice(0).forEach((c) => c.close());
    await sleep(500);
    const open: LiveClient[] = [];
    for (let i = 0; i < 4; i++) open.push(await LiveClient.connect(stack.baseUrl));
    clients.push(...open);
    await expect(LiveClient.connect(stack.baseUrl)).rejects.toThrow('429');
    open[0].close();
    await sleep(300);
    clients.push(await LiveClient.connect(stack.baseUrl));
  });
});
