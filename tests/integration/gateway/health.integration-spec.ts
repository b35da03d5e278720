import { INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { Bus, BusModule, DatabaseUrlModule, HealthModule, Readiness, serviceDatabaseProviders } from '@lt/platform';
import { createTestDatabase, type TestDatabase } from '@lt/testing';

jest.setTimeout(30_000);

/** A TCP relay to PostgreSQL that the test cuts to make the database unreachable while the process runs. */
async function relayTo(target: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ]) {
      sockets.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        sockets.forEach((s) => s.destroy());
      }),
  };
}

/**
 * Not on the stack fixture (tests/support/describe-stack.ts): the probes of one process are under test, with exactly
 * one database it reaches through a relay the test cuts and readiness it marks itself; a stack has many databases,
 * is marked ready as it starts, and would lose every service with the relay.
 */
describe('/healthz and /readyz', () => {
  let db: TestDatabase;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let app: INestApplication;
  let baseUrl: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    relay = await relayTo(new URL(db.url));
    @Module({ providers: serviceDatabaseProviders(Symbol('probe'), { schema: 'probe', entities: [], migrations: [] }) })
    class ProbeModule {}
    @Module({ imports: [BusModule.forRoot({ transport: 'in-process' }), DatabaseUrlModule.forRoot(relay.url), HealthModule, ProbeModule] })
    class ProcessModule {}
    app = await NestFactory.create(ProcessModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const probe = async (path: string) => {
    const res = await fetch(`${baseUrl}${path}`);
    return { status: res.status, body: await res.json() };
  };

  it('is alive but not ready until start-up has finished', async () => {
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok', info: {}, error: {}, details: {} } });
    const ready = await probe('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'error', error: { startup: { status: 'down', message: 'starting' } } });
  });

  it('is ready once started, with the bus connected and every database answering', async () => {
    app.get(Readiness).markReady();
    const up = { status: 'up' };
    expect(await probe('/readyz')).toEqual({
      status: 200,
      body: {
        status: 'ok',
        info: { startup: up, bus: up, 'database:probe': up },
        error: {},
        details: { startup: up, bus: up, 'database:probe': up },
      },
    });
  });

  it('is not ready while the bus is disconnected', async () => {
    const disconnected = jest.spyOn(app.get(Bus), 'isConnected').mockReturnValue(false);
    try {
      const ready = await probe('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({
        status: 'error',
        error: { bus: { status: 'down' } },
        info: { 'database:probe': { status: 'up' } },
      });
    } finally {
      disconnected.mockRestore();
    }
  });

  it('is not ready while the database is unreachable, and stays alive', async () => {
    await relay.cut();
    const ready = await probe('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'error', error: { 'database:probe': { status: 'down' } }, info: { bus: { status: 'up' } } });
    expect((await probe('/healthz')).status).toBe(200);
  });
});
