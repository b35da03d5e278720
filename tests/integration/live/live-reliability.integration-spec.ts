import { CLOSE_CODES, LIMITS, LiveErrorCode, ROOMS_SUBJECTS, type ServerFrame } from '@lt/contracts';
import { eventually, LiveClient } from '@lt/testing';
import { describeStack, type StackFixture } from '../../support/describe-stack';
import { createRoom, MODES, sleep, transcript } from '../helpers';

jest.setTimeout(60_000);

const natsUp = process.env.LT_NATS_AVAILABLE === '1';

/** Seqs of the translation frames a viewer received, in the order they came over the wire. */
const seqsOnWire = (c: LiveClient) => c.of('translation').map((t) => t.seq);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A socket of the suite that has joined (an error in answer fails the test). */
async function joined(suite: StackFixture, join: Record<string, unknown>, baseUrl?: string): Promise<LiveClient> {
  const client = await suite.join(join, baseUrl);
  expect(client.of('joined')).toHaveLength(1);
  return client;
}

/** Answers once the server has answered every frame the client sent before (frames are handled in order). */
async function pingPong(client: LiveClient): Promise<void> {
  const pongs = client.of('pong').length;
  client.send({ type: 'ping' });
  await client.waitFor((c) => c.of('pong').length > pongs, 5000, 'pong');
}

describe.each(MODES)('what viewers receive on the wire (%s mode)', (mode) => {
  // A gateway asks for a translation missing this long (TRANSLATION_WAIT_MS, 5 s by default): here sooner than the slow
  // sentences take, so that late fetches are made, and answered, while the test looks.
  const suite = describeStack({ mode, gateways: 2, gatewayEnv: { TRANSLATION_WAIT_MS: '1000' } });

  it('sends each translation once and in seq order, though they finish out of order, across resync and the late-fetch window', async () => {
    // Sentences 1 and 4 take the language model much longer: translate-svc finishes 2, 3 before 1, and 5, 6 before 4.
    const { stack, llm } = suite;
    llm.delayWhen('lenta', 1_500);
    const [first, last] = [stack.gateways[0], stack.gateways[stack.gateways.length - 1]];
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Orden');
    const host = await joined(suite, { roomId: room.id, role: 'host', hostKey }, first.baseUrl);
    const viewers = [
      await joined(suite, { roomId: room.id, role: 'viewer', lang: 'fr' }, first.baseUrl),
      await joined(suite, { roomId: room.id, role: 'viewer', lang: 'fr' }, last.baseUrl),
      await joined(suite, { roomId: room.id, role: 'viewer', lang: 'de' }, last.baseUrl),
    ];
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    await Promise.all(viewers.map((v) => v.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start')));

    const texts = ['Una frase lenta', 'Dos rápida', 'Tres rápida', 'Cuatro lenta', 'Cinco rápida', 'Seis rápida'];
    texts.forEach((text, i) => host.send(transcript(`order-${i + 1}`, text)));
    await host.waitFor((c) => c.of('ack').length === texts.length, 5000, 'acks');
    await Promise.all(viewers.map((v) => v.waitFor((c) => c.of('translation').length >= texts.length, 10_000, 'translations')));

    // A resync overlapping what was already sent adds nothing; neither do the late fetches of the slow sentences, whose
    // answers come before the slow sentence said next is shown (the last check).
    viewers[0].send({ type: 'resync', since: 2 });
    await pingPong(viewers[0]);
    for (const viewer of viewers) expect(seqsOnWire(viewer)).toEqual(range(1, 6));
    expect(viewers[2].of('translation')[0].text).toContain('(de)');

    // A viewer coming back with `since` gets exactly the rest, and then live ones, in order.
    const back = await joined(suite, { roomId: room.id, role: 'viewer', lang: 'fr', since: 3 }, last.baseUrl);
    await back.waitFor((c) => c.of('translation').length >= 3, 5000, 'the missed translations');
    host.send(transcript('order-7', 'Siete lenta'));
    host.send(transcript('order-8', 'Ocho rápida'));
    await back.waitFor((c) => c.of('translation').length >= 5, 10_000, 'the live ones');
    await Promise.all(viewers.map((v) => v.waitFor((c) => c.of('translation').length >= 8, 10_000, 'the live ones')));
    await pingPong(back);
    expect(seqsOnWire(back)).toEqual(range(4, 8));
    for (const viewer of viewers) expect(seqsOnWire(viewer)).toEqual(range(1, 8));
    llm.reset();
  });

  it('gives a viewer far behind everything it missed in order, in more than one batch', async () => {
    const { room, hostKey } = await createRoom(suite.baseUrl, 'Lote');
    // Four host sockets, each within its burst allowance: the room gets more than one resync batch quickly.
    const hosts = await Promise.all(range(1, 4).map(() => joined(suite, { roomId: room.id, role: 'host', hostKey })));
    hosts[0].send({ type: 'room_start', sourceLanguage: 'es' });
    await Promise.all(hosts.map((host) => host.waitFor((c) => c.of('room_start').length === 1, 5000, 'room_start')));
    const perHost = 58;
    const total = perHost * hosts.length;
    expect(total).toBeGreaterThan(LIMITS.resyncBatch);
    hosts.forEach((host, h) => range(1, perHost).forEach((i) => host.send(transcript(`batch-${h}-${i}`, `Frase ${h}.${i}`))));
    await Promise.all(hosts.map((host) => host.waitFor((c) => c.of('ack').length === perHost, 15_000, 'every ack')));
    // The viewer reads the original language: no language model calls, only stored text.
    const viewer = await joined(suite, { roomId: room.id, role: 'viewer', lang: 'es', since: 10 });
    await viewer.waitFor((c) => c.of('translation').length >= total - 10, 15_000, 'every missed message');
    await pingPong(viewer);
    expect(seqsOnWire(viewer)).toEqual(range(11, total));
  });
});

(natsUp ? describe : describe.skip)('a dead or hung service does not hold the socket (distributed mode)', () => {
  const suite = describeStack({ mode: 'distributed', llm: false });

  /** Milliseconds until a frame matching `match` arrives. */
  const timeTo = async (client: LiveClient, match: (f: ServerFrame) => boolean, what: string) => {
    const start = Date.now();
    const seen = client.frames.length;
    await client.waitFor((c) => c.frames.slice(seen).some(match), 15_000, what);
    return Date.now() - start;
  };

  it('answers unavailable at once, with the messageId, and pings and language changes are never held behind a hung request', async () => {
    const { stack } = suite;
    const { room, hostKey } = await createRoom(stack.baseUrl, 'Caída');
    const host = await joined(suite, { roomId: room.id, role: 'host', hostKey });
    const viewer = await joined(suite, { roomId: room.id, role: 'viewer', lang: 'fr' });
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    host.send(transcript('alive-1', 'Antes de la caída'));
    await host.waitFor((c) => c.of('ack').length === 1, 5000, 'the first ack');

    await stack.stopService('rooms-svc');
    const refusedAtOnce = timeTo(host, (f) => f.type === 'error' && f.messageId === 'dead-1', 'the refusal');
    host.send(transcript('dead-1', 'Nadie la guarda'));
    // Time under test: "at once" is against the bus's 10 s timeout, which a refusal within 2 s cannot have waited for.
    expect(await refusedAtOnce).toBeLessThan(2_000);
    const refusal = host.of('error').find((e) => e.messageId === 'dead-1');
    expect(refusal?.code).toBe(LiveErrorCode.Unavailable);

    // A responder that never answers: the transcript waits, everything else of the socket goes on.
    // It subscribes on the gateway's own connection, so NATS has it before any later request of that gateway.
    let held = 0;
    const hung = stack.bus.subscribe(ROOMS_SUBJECTS.appendTranscript.subject, () => void held++);
    // The refused sentence is sent again first (as the client's outbox does), then the next one.
    const firstAnswered = timeTo(host, (f) => f.type === 'error' && f.messageId === 'dead-1', 'the hung refusal');
    const secondAnswered = timeTo(host, (f) => f.type === 'error' && f.messageId === 'hung-2', 'the one after it');
    let givenUp = false;
    void firstAnswered.then(() => (givenUp = true));
    host.send(transcript('dead-1', 'Nadie la guarda'));
    host.send(transcript('hung-2', 'Viene detrás'));
    await eventually(() => held >= 1, 'the hung responder to hold the transcript');
    const pong = timeTo(host, (f) => f.type === 'pong', 'pong');
    host.send({ type: 'ping' });
    // Answered while the transcript is still held (for over 3 s, asserted below), not behind it.
    await pong;
    expect(givenUp).toBe(false);
    const languageAnswer = timeTo(viewer, (f) => f.type === 'error' || f.type === 'translation', 'an answer to set_language');
    viewer.send({ type: 'set_language', lang: 'de' });
    await languageAnswer;
    expect(givenUp).toBe(false);

    const first = await firstAnswered;
    const second = await secondAnswered;
    // Time under test: the hung request is given up after the append timeout, not the bus's 10 s.
    expect(first).toBeGreaterThan(3_000);
    expect(first).toBeLessThan(8_000);
    // Time under test: the sentence after a refused one is refused too, at once, so that it is never stored before it.
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
  const suite = describeStack({ mode: 'embedded', llm: false, wsMaxPerAddress: 4 });

  it('closes a socket that keeps flooding with 1008 after a few seconds, with one error a second, and a socket that never joins after 10 s', async () => {
    const idle = await LiveClient.connect(suite.baseUrl);
    suite.clients.push(idle);
    const { room, hostKey } = await createRoom(suite.baseUrl, 'Inundación');
    const flooder = await joined(suite, { roomId: room.id, role: 'host', hostKey });
    const started = Date.now();
    while (flooder.open && Date.now() - started < 8_000) {
      for (let i = 0; i < 10; i++) flooder.send({ type: 'ping' });
      // Time under test: a flood is a rate, 200 frames a second.
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
    const { room, hostKey } = await createRoom(suite.baseUrl, 'Ráfaga');
    const host = await joined(suite, { roomId: room.id, role: 'host', hostKey });
    host.send({ type: 'room_start', sourceLanguage: 'es' });
    for (let i = 1; i <= LIMITS.frameBurst + 10; i++) host.send(transcript(`burst-${i}`, `Frase ${i}`));
    await host.waitFor((c) => c.of('ack').length + c.of('error').length >= LIMITS.frameBurst + 10, 10_000, 'every answer');
    const refused = host.of('error').filter((e) => e.code === LiveErrorCode.RateLimited);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((e) => e.messageId?.startsWith('burst-'))).toBe(true);

    // What was not stored is sent again, oldest first: every sentence is stored once, in spoken order.
    // Time under test: the burst allowance refills with time, so the resend waits a second for room in it.
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

    // Time under test: the allowance refills fully (3 s), then frames come at a steady 15 a second for 5 s.
    await sleep(3_000);
    const pongs = host.of('pong').length;
    for (let i = 0; i < 75; i++) {
      host.send({ type: 'ping' });
      await sleep(66);
    }
    await host.waitFor((c) => c.of('pong').length >= pongs + 75, 5000, 'a pong for every steady ping');
    expect(host.open).toBe(true);
  });

  it('refuses more sockets from one address than WS_MAX_PER_ADDRESS, and takes one again when another closes', async () => {
    const { baseUrl, clients } = suite;
    const closing = clients.splice(0);
    closing.forEach((c) => c.close());
    await Promise.all(closing.map((c) => c.waitFor((s) => s.closeCode !== null, 5000, 'the close')));
    const connected = () => LiveClient.connect(baseUrl).catch(() => undefined);
    const open: LiveClient[] = [];
    // The server counts a socket out when it sees the close, a moment after the client does.
    for (let i = 0; i < 4; i++) open.push(await eventually(connected, `socket ${i + 1} of 4 accepted`));
    clients.push(...open);
    await expect(LiveClient.connect(baseUrl)).rejects.toThrow('429');
    open[0].close();
    clients.push(await eventually(connected, 'a socket accepted again once one closed'));
  });
});
