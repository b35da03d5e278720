import { Controller, INestApplication, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { BusErrorCode, RoomsErrorCode, eventRoute, requestRoute, roomEventRoute, type BusPayload } from '@lt/contracts';
import { Bus } from '../bus/bus-client';
import { OnEvent, OnRequest } from '../bus/bus.decorators';
import { BusModule, connectBus, type BusOptions } from '../bus/bus.module';
import { DomainException } from '../errors/domain.exception';

const TEST_NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

const ROUTES = {
  double: requestRoute('probe.number.double', z.object({ n: z.number().int() }), z.object({ doubled: z.number() })),
  fail: requestRoute('probe.number.fail', z.object({ code: z.enum(['domain', 'crash']) }), z.object({})),
  slow: requestRoute('probe.number.slow', z.object({ ms: z.number() }), z.object({})),
  nobody: requestRoute('nobody.serves.this', z.object({}), z.object({})),
  work: eventRoute('probe.work.queued', z.object({ id: z.number() })),
  broadcast: eventRoute('probe.news.told', z.object({ id: z.number() })),
  said: roomEventRoute('event.said', z.object({ text: z.string().min(1) })),
};

const seen = { work: [] as string[], broadcast: [] as string[], said: [] as string[], double: [] as unknown[] };
const tick = (ms = 50) => new Promise((r) => setTimeout(r, ms));

/** Two replicas of a probe service: the same controller in two apps. */
function probeController(replica: string) {
  @Controller()
  class ProbeController {
    @OnRequest(ROUTES.double)
    double(@Payload() p: BusPayload<typeof ROUTES.double>) {
      seen.double.push(p);
      return { doubled: p.n * 2 };
    }

    @OnRequest(ROUTES.fail)
    fail(@Payload() p: BusPayload<typeof ROUTES.fail>) {
      if (p.code === 'domain') throw new DomainException(RoomsErrorCode.RoomNotFound, 'Room not found');
      throw new Error('secret detail');
    }

    @OnRequest(ROUTES.slow)
    slow(@Payload() p: BusPayload<typeof ROUTES.slow>) {
      return new Promise((r) => setTimeout(() => r({}), p.ms));
    }

    @OnEvent(ROUTES.work, { queue: 'probe' })
    work(@Payload() p: BusPayload<typeof ROUTES.work>) {
      seen.work.push(`${replica}:${p.id}`);
    }

    @OnEvent(ROUTES.broadcast)
    broadcast(@Payload() p: BusPayload<typeof ROUTES.broadcast>) {
      if (p.id === 13) throw new Error('a listener that fails');
      seen.broadcast.push(`${replica}:${p.id}`);
    }

    @OnEvent(ROUTES.said, { queue: 'probe' })
    said(@Payload() p: BusPayload<typeof ROUTES.said>) {
      seen.said.push(p.text);
    }
  }
  return ProbeController;
}

const transports: [string, (name: string, prefix: string) => BusOptions][] = [
  ['in-process', () => ({ transport: 'in-process' })],
  ...(process.env.LT_NATS_AVAILABLE === '1'
    ? [
        ['nats', (name: string, prefix: string) => ({ transport: 'nats', url: TEST_NATS_URL, name, prefix })] as [
          string,
          (name: string, prefix: string) => BusOptions,
        ],
      ]
    : []),
];

describe.each(transports)('the bus over the %s transport', (kind, options) => {
  const apps: INestApplication[] = [];
  let bus: Bus;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    const prefix = `probe-${crypto.randomUUID().slice(0, 8)}`;
    // In process, both replicas share one broker only inside one app; over NATS they are two processes' worth.
    const replicas = kind === 'nats' ? ['r1', 'r2'] : ['r1'];
    for (const replica of replicas) {
      @Module({ imports: [BusModule.forRoot(options(replica, prefix))], controllers: [probeController(replica)] })
      class ProbeModule {}
      const app = await NestFactory.create(ProbeModule, { logger: false });
      await connectBus(app);
      await app.init();
      apps.push(app);
    }
    bus = apps[0].get(Bus);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  beforeEach(() => Object.values(seen).forEach((list) => (list.length = 0)));

  it('answers a request with the reply of its route', async () => {
    await expect(bus.request(ROUTES.double, { n: 21 })).resolves.toEqual({ doubled: 42 });
  });

  it('validates the payload before the handler runs: a bad one is a clear error, the handler never sees it', async () => {
    const bad = bus.request(ROUTES.double, { n: 'twenty' } as unknown as { n: number });
    await expect(bad).rejects.toMatchObject({ code: BusErrorCode.BadRequest });
    await expect(bad).rejects.toThrow(/probe\.number\.double: n: /);
    expect(seen.double).toEqual([]);
    await expect(bus.request(ROUTES.double, { n: 2 })).resolves.toEqual({ doubled: 4 });
  });

  it('carries a domain error as its code, and hides an unexpected one behind internal', async () => {
    await expect(bus.request(ROUTES.fail, { code: 'domain' })).rejects.toMatchObject({ code: 'room_not_found', message: 'Room not found' });
    const crash = bus.request(ROUTES.fail, { code: 'crash' });
    await expect(crash).rejects.toMatchObject({ code: BusErrorCode.Internal, message: 'Internal error' });
  });

  it('says unavailable at once when nobody serves a subject, and times out a slow handler', async () => {
    const started = Date.now();
    await expect(bus.request(ROUTES.nobody, {})).rejects.toMatchObject({ code: BusErrorCode.Unavailable });
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(bus.request(ROUTES.slow, { ms: 300 }, { timeoutMs: 50 })).rejects.toMatchObject({ code: BusErrorCode.Timeout });
  });

  it('gives a queued event to one replica and a broadcast to every replica, and survives a failing listener', async () => {
    for (let id = 1; id <= 6; id++) bus.emit(ROUTES.work, { id });
    bus.emit(ROUTES.broadcast, { id: 13 });
    bus.emit(ROUTES.broadcast, { id: 1 });
    await tick(300);
    expect(seen.work.map((w) => w.split(':')[1]).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(seen.broadcast.sort()).toEqual(apps.map((_, i) => `r${i + 1}:1`));
  });

  it('delivers a room event on its room subject to the service handling every room, and to a room subscriber', async () => {
    const roomA = crypto.randomUUID();
    const heard: string[] = [];
    const off = bus.subscribe<{ text: string }>(ROUTES.said.subject(roomA), (p, subject) => void heard.push(`${subject}:${p.text}`));
    await tick();
    bus.emitToRoom(ROUTES.said, { roomId: roomA }, { text: 'hola' });
    bus.emitToRoom(ROUTES.said, { roomId: crypto.randomUUID() }, { text: 'otra sala' });
    bus.emitToRoom(ROUTES.said, { roomId: roomA }, { text: '' });
    await tick(300);
    off();
    expect(seen.said.sort()).toEqual(['hola', 'otra sala']);
    expect(heard).toEqual([`room.${roomA}.event.said:hola`, `room.${roomA}.event.said:`]);
  });
});
