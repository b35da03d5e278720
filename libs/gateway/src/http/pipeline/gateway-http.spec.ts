import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_MESSAGES } from '@lt/contracts';
import { BusModule, HealthModule, Readiness } from '@lt/platform';
import { GatewayModule } from '../../gateway.module';
import { gatewayEnvSchema, type GatewayEnv } from '../../gateway.env';
import { prepareGateway } from '../../prepare-gateway';

/** The gateway's HTTP surface on its own, with no service behind the bus. */
async function startGateway(env: Partial<Record<keyof GatewayEnv, string>>) {
  @Module({
    imports: [BusModule.forRoot({ transport: 'in-process' }), HealthModule, GatewayModule.forRoot(gatewayEnvSchema.parse(env))],
  })
  class GatewayAppModule {}
  const app = await NestFactory.create<NestExpressApplication>(GatewayAppModule, { logger: false });
  prepareGateway(app);
  await app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  return {
    app,
    get: (path: string) => fetch(`${baseUrl}${path}`),
    post: (path: string, body: unknown) =>
      fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}

describe('gateway over HTTP, with the web app built', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'lt-web-'));
  let gateway: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>rooms</title>');
    writeFileSync(join(webDist, 'assets', 'index-3f2a9c1b.js'), 'console.log(1)');
    writeFileSync(join(webDist, 'favicon.svg'), '<svg/>');
    gateway = await startGateway({ WEB_DIST: webDist, AUTH_RATE_LIMIT_BURST: '1', AUTH_RATE_LIMIT_PER_MINUTE: '1' });
  });

  afterAll(async () => {
    await gateway?.app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const pages = ['/', '/rooms/8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11/host', '/reset-password'];
  it.each(pages)('answers the page for %s, never cached stale', async (path) => {
    const res = await gateway.get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>rooms</title>');
  });

  it('lets browsers keep hashed assets for a year, other files for an hour', async () => {
    const asset = await gateway.get('/assets/index-3f2a9c1b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await gateway.get('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it.each(['/api/nothing-here', '/api', '/ws', '/assets/gone-00000000.js'])('answers 404, not the page, for %s', async (path) => {
    const res = await gateway.get(path);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('keeps its own routes ahead of the page', async () => {
    expect(await (await gateway.get('/config.json')).json()).toMatchObject({ limits: { roomNameMax: 50 } });
  });

  it('answers the health probes in terminus format, not as API errors or the page', async () => {
    const live = await gateway.get('/healthz');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok', info: {}, error: {}, details: {} });

    const starting = await gateway.get('/readyz');
    expect(starting.status).toBe(503);
    expect(await starting.json()).toMatchObject({
      status: 'error',
      error: { startup: { status: 'down' } },
      info: { bus: { status: 'up' } },
    });

    gateway.app.get(Readiness).markReady();
    const ready = await gateway.get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', info: { startup: { status: 'up' }, bus: { status: 'up' } } });
  });

  it('refuses a client address over its share of auth calls with 429 and Retry-After', async () => {
    await gateway.post('/api/auth/recover', { email: 'a@example.com' });
    const refused = await gateway.post('/api/auth/recover', { email: 'a@example.com' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: { code: 'over_request_rate_limit', message: AUTH_MESSAGES.tooManyRequests } });
    expect((await gateway.post('/api/auth/token?grant_type=password', { email: 'a@example.com', password: 'secret1' })).status).toBe(429);
  });

  it('answers 401 not_authenticated to a signed-in route called without a token', async () => {
    const res = await gateway.get('/api/profile');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'not_authenticated', message: AUTH_MESSAGES.noUser } });
  });
});

describe('gateway over HTTP, without the web app built', () => {
  it('warns and serves no page', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const gateway = await startGateway({ WEB_DIST: join(tmpdir(), 'lt-web-never-built') });
    try {
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^no web app at .*lt-web-never-built: run "npm run build"/));
      expect((await gateway.get('/')).status).toBe(404);
      expect((await gateway.get('/healthz')).status).toBe(200);
    } finally {
      warn.mockRestore();
      await gateway.app.close();
    }
  });
});
