import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Controller, INestApplication, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { connect, JSONCodec } from 'nats';
import { z } from 'zod';
import { BusErrorCode, eventRoute, requestRoute, type BusPayload } from '@lt/contracts';
import { Bus } from '../bus/bus-client';
import { OnRequest } from '../bus/bus.decorators';
import { BusModule, connectBus } from '../bus/bus.module';

/**
 * What the NATS transport takes from Nest's NATS classes: it hands their server a connection that prefixes the
 * subjects it subscribes to, and reads their client's failures (a lost connection, no responders) as
 * `unavailable`. A Nest upgrade that changes either fails here.
 */
const natsBinary = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const haveNats = existsSync(natsBinary);
if (!haveNats) {
  if (process.env.CI === 'true')
    throw new Error(`these tests need nats-server at ${natsBinary} (NATS_SERVER_BIN), and CI=true requires it`);
  console.warn(`\n!!! nats-server is not at ${natsBinary}: the NATS transport tests are SKIPPED. Install it or set NATS_SERVER_BIN. !!!\n`);
}

const ECHO = requestRoute('probe.echo.say', z.object({ text: z.string() }), z.object({ text: z.string() }));
/** Answers `bytes` bytes: over NATS's 1 MB `max_payload` it cannot be sent. */
const LARGE = requestRoute('probe.echo.large', z.object({ bytes: z.number().int() }), z.object({ text: z.string() }));
const NOISE = eventRoute('probe.echo.noise', z.object({ text: z.string() }));
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

@Controller()
class EchoController {
  @OnRequest(ECHO)
  say(@Payload() p: BusPayload<typeof ECHO>) {
    return { text: p.text };
  }

  @OnRequest(LARGE)
  large(@Payload() p: BusPayload<typeof LARGE>) {
    return { text: 'x'.repeat(p.bytes) };
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A NATS server of the test's own, so that it can be killed and started again on the same port. */
async function startNats(port: number, monitorPort: number): Promise<ChildProcess> {
  const child = spawn(natsBinary, ['-a', '127.0.0.1', '-p', String(port), '-m', String(monitorPort)], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const up = await connect({ servers: `nats://127.0.0.1:${port}`, reconnect: false, timeout: 200 }).then(
      (nc) => nc.close().then(() => true),
      () => false,
    );
    if (up) return child;
    await tick(50);
  }
  child.kill('SIGKILL');
  throw new Error(`nats-server did not start on port ${port}`);
}

(haveNats ? describe : describe.skip)('the NATS transport on Nest', () => {
  const prefix = `probe-${crypto.randomUUID().slice(0, 8)}`;
  let port: number;
  let monitorPort: number;
  let nats: ChildProcess;
  let app: INestApplication;
  let bus: Bus;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    port = await freePort();
    monitorPort = await freePort();
    nats = await startNats(port, monitorPort);
    const options = { transport: 'nats' as const, url: `nats://127.0.0.1:${port}`, name: 'probe', prefix };
    @Module({ imports: [BusModule.forRoot(options)], controllers: [EchoController] })
    class ProbeModule {}
    app = await NestFactory.create(ProbeModule, { logger: false });
    await connectBus(app);
    await app.init();
    bus = app.get(Bus);
  });

  afterAll(async () => {
    await app?.close();
    nats?.kill('SIGKILL');
  });

  it("serves a handler under the deployment's prefix only, in the owner's queue group", async () => {
    await expect(bus.request(ECHO, { text: 'hola' })).resolves.toEqual({ text: 'hola' });
    const nc = await connect({ servers: `nats://127.0.0.1:${port}` });
    const codec = JSONCodec<{ pattern?: string; data?: unknown; id?: string; response?: unknown }>();
    try {
      const packet = { pattern: ECHO.subject, data: { text: 'raw' }, id: '1' };
      const reply = await nc.request(`${prefix}.${ECHO.subject}`, codec.encode(packet), { timeout: 2000 });
      expect(codec.decode(reply.data).response).toEqual({ text: 'raw' });
      await expect(nc.request(ECHO.subject, codec.encode(packet), { timeout: 2000 })).rejects.toMatchObject({ code: '503' });
      // The server's monitoring lists the handler's subscription, in the queue group of the subject's owner.
      const subz = (await (await fetch(`http://127.0.0.1:${monitorPort}/subsz?subs=1`)).json()) as {
        subscriptions_list: { subject: string; qgroup?: string }[];
      };
      const handlers = subz.subscriptions_list.filter((sub) => sub.subject.endsWith(ECHO.subject));
      expect(handlers).toEqual([expect.objectContaining({ subject: `${prefix}.${ECHO.subject}`, qgroup: 'probe' })]);
    } finally {
      await nc.close();
    }
  });

  it('answers payload_too_large for an answer or a request over max_payload, and the process serves on', async () => {
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', onCrash);
    try {
      await expect(bus.request(LARGE, { bytes: 900_000 })).resolves.toEqual({ text: expect.any(String) });
      const started = Date.now();
      await expect(bus.request(LARGE, { bytes: 2_000_000 })).rejects.toMatchObject({ code: BusErrorCode.PayloadTooLarge });
      expect(Date.now() - started).toBeLessThan(5000);
      await expect(bus.request(ECHO, { text: 'x'.repeat(2_000_000) })).rejects.toMatchObject({ code: BusErrorCode.PayloadTooLarge });
      bus.emit(NOISE, { text: 'x'.repeat(2_000_000) });
      await tick(200);
      await expect(bus.request(ECHO, { text: 'still here' })).resolves.toEqual({ text: 'still here' });
      expect(crashes).toEqual([]);
    } finally {
      process.off('uncaughtException', onCrash);
    }
  });

  it('answers unavailable while NATS is away, and serves again once it is back', async () => {
    nats.kill('SIGKILL');
    await tick(300);
    const started = Date.now();
    await expect(bus.request(ECHO, { text: 'lost' }, { timeoutMs: 5000 })).rejects.toMatchObject({ code: BusErrorCode.Unavailable });
    expect(Date.now() - started).toBeLessThan(2000);
    nats = await startNats(port, monitorPort);
    let answer: unknown;
    for (let i = 0; i < 60 && !answer; i++) {
      answer = await bus.request(ECHO, { text: 'back' }, { timeoutMs: 1000 }).catch((error: { code?: string }) => {
        expect(error.code).toBe(BusErrorCode.Unavailable);
        return tick(250).then(() => undefined);
      });
    }
    expect(answer).toEqual({ text: 'back' });
  });
});
