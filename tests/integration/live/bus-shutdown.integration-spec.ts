import { randomUUID } from 'node:crypto';
import { Controller, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { BusErrorCode, requestRoute } from '@lt/contracts';
import { Bus, BUS_SERVER, BusModule, BusRemoteError, connectBus, OnRequest, type PrefixedNatsServer } from '@lt/platform';
import { eventually, TEST_NATS_URL } from '@lt/testing';

jest.setTimeout(30_000);

const natsUp = process.env.LT_NATS_AVAILABLE === '1';

const ECHO = requestRoute('echo.say', z.object({ text: z.string() }), z.object({ text: z.string() }));

/** A handler that answers once the test lets it. */
class Gate {
  taken = 0;
  private open!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.open = resolve));
  release(): void {
    this.open();
  }
}

async function echoService(prefix: string, gate: Gate): Promise<INestApplication> {
  @Controller()
  class EchoController {
    @OnRequest(ECHO)
    async say(@Payload() request: { text: string }) {
      gate.taken += 1;
      await gate.opened;
      return { text: request.text };
    }
  }
  @Module({
    imports: [BusModule.forRoot({ transport: 'nats', url: TEST_NATS_URL, name: 'echo-svc', prefix })],
    controllers: [EchoController],
  })
  class EchoModule {}
  const app = await NestFactory.create(EchoModule, { logger: false });
  await connectBus(app);
  await app.init();
  return app;
}

async function caller(prefix: string): Promise<INestApplication> {
  @Module({ imports: [BusModule.forRoot({ transport: 'nats', url: TEST_NATS_URL, name: 'caller', prefix })] })
  class CallerModule {}
  const app = await NestFactory.create(CallerModule, { logger: false });
  await app.init();
  return app;
}

const codeOf = (request: Promise<unknown>) =>
  request.then(
    () => 'answered',
    (error: unknown) => (error instanceof BusRemoteError ? error.code : String(error)),
  );

/** A replica shutting down (a rolling update, a test stopping a service) neither loses nor holds a request. */
(natsUp ? describe : describe.skip)('a bus service shutting down (NATS)', () => {
  let prefix: string;
  let callerApp: INestApplication;
  let bus: Bus;

  beforeEach(async () => {
    prefix = `shutdown-${randomUUID().slice(0, 8)}`;
    callerApp = await caller(prefix);
    bus = callerApp.get(Bus);
  });

  afterEach(() => callerApp.close());

  it('is refused at once (no responders, not a timeout) by the next request after it closed, every time', async () => {
    // Each round: a replica up, down, and the very next request. A request that reached the closed replica's
    // subscription would wait out its timeout instead.
    for (let round = 0; round < 15; round++) {
      const gate = new Gate();
      gate.release();
      const app = await echoService(prefix, gate);
      await expect(bus.request(ECHO, { text: `before ${round}` }, { timeoutMs: 3_000 })).resolves.toEqual({ text: `before ${round}` });
      await app.close();
      expect(await codeOf(bus.request(ECHO, { text: `after ${round}` }, { timeoutMs: 3_000 }))).toBe(BusErrorCode.Unavailable);
    }
  });

  it('answers a request its handler had taken when the transport closed, and takes no new one meanwhile', async () => {
    const gate = new Gate();
    const app = await echoService(prefix, gate);
    const taken = bus.request(ECHO, { text: 'in flight' }, { timeoutMs: 10_000 });
    await eventually(() => gate.taken === 1, 'the handler to take the request');

    // The transport closes (as after the shutdown hooks) while the handler still works.
    const closing = app.get<PrefixedNatsServer>(BUS_SERVER).close();
    await eventually(
      async () => (await codeOf(bus.request(ECHO, { text: 'meanwhile' }, { timeoutMs: 1_000 }))) === BusErrorCode.Unavailable,
      'a new request to be refused while the handler finishes',
    );
    gate.release();
    await expect(taken).resolves.toEqual({ text: 'in flight' });
    await closing;
    expect(gate.taken).toBe(1);
    await app.close();
  });
});
