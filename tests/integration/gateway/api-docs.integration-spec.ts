import type { NestExpressApplication } from '@nestjs/platform-express';
import { API_ROUTES, type AuthSession, type CreateRoomResponse } from '@lt/contracts';
import { buildOpenApiDocument } from '@lt/gateway';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { apiContract } from '../api-contract';
import { authApi, uniqueEmail } from '../auth-api';
import { MODES } from '../helpers';

jest.setTimeout(30_000);

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** Every route the started app registered with express, as `METHOD /path` in OpenAPI's form (`{id}` for `:id`). */
function registeredRoutes(app: NestExpressApplication): string[] {
  const router = (app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } }).router;
  return router.stack.flatMap(({ route }) => {
    if (!route) return [];
    const paths = Array.isArray(route.path) ? route.path : [route.path];
    return paths.flatMap((path) =>
      Object.keys(route.methods)
        .filter((m) => m !== '_all')
        .map((method) => `${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`),
    );
  });
}

const documented = (document: ReturnType<typeof buildOpenApiDocument>) =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));

/** The docs themselves are not operations of the API. */
const isApiRoute = (route: string) => / \/api(\/|$)/.test(route) && !/ \/api\/docs(\.json|\/|$)/.test(route);

describe.each(MODES)('API documentation (%s mode)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof authApi>;
  const document = buildOpenApiDocument();

  const suite = describeStack({ mode, roomCreateRate: { burst: 3, perMinute: 3 }, llm: false });

  beforeAll(async () => {
    ({ stack } = suite);
    api = authApi(stack.baseUrl);
  });

  it('documents every /api route the gateway registers, with its method and path, and no route it does not serve', () => {
    const registered = registeredRoutes(stack.gateways[0].app);
    expect(registered).toEqual(expect.arrayContaining(['POST /api/auth/signup', 'GET /api/view/{roomId}', 'GET /api/docs']));
    const undocumented = registered.filter(isApiRoute).filter((route) => !documented(document).includes(route));
    expect(undocumented).toEqual([]);
    const unserved = documented(document).filter((route) => !registered.includes(route));
    expect(unserved).toEqual([]);
    const withoutView = buildOpenApiDocument(API_ROUTES.filter((r) => r.operationId !== 'viewRoom'));
    expect(registered.filter(isApiRoute).filter((route) => !documented(withoutView).includes(route))).toEqual(['GET /api/view/{roomId}']);
  });

  it('serves the document it is generated from at /api/docs.json', async () => {
    const res = await fetch(`${stack.baseUrl}/api/docs.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('serves the docs page under the strict CSP: scripts and styles from files of its own, none inline', async () => {
    const page = await fetch(`${stack.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=|\son\w+=/);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets).toEqual(
      expect.arrayContaining(['/api/docs/assets/swagger-ui-bundle.js', '/api/docs/assets/api-docs.js', '/api/docs/assets/swagger-ui.css']),
    );
    for (const asset of assets) {
      const res = await fetch(`${stack.baseUrl}${asset}`);
      expect([asset, res.status]).toEqual([asset, 200]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      if (asset.endsWith('.js')) expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      if (asset.endsWith('.css')) expect(res.headers.get('content-type')).toMatch(/^text\/css/);
    }
    expect(await (await fetch(`${stack.baseUrl}/api/docs/assets/api-docs.js`)).text()).toContain("url: '/api/docs.json'");
  });

  it.each(['/api/docs/assets/package.json', '/api/docs/assets/..%2Fpackage.json', '/api/docs/assets/index.html'])(
    'serves nothing else of swagger-ui-dist: %s is 404',
    async (path) => {
      const res = await fetch(`${stack.baseUrl}${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    },
  );

  it('answers sign-up, sign-in, refresh, the user, the profile, recovery and sign-out as documented', async () => {
    const email = uniqueEmail('docs');
    const signup = await api.signup(email, 'secret-pw', 'Ana');
    expect(signup.status).toBe(200);
    expect((await api.signup(email)).status).toBe(422);
    expect((await api.signup(uniqueEmail('short'), '123')).status).toBe(400);
    expect((await api.call('POST', '/api/auth/signup', { email: 'a@example.com', password: 'secret-pw', extra: 1 })).body).toMatchObject({
      error: { code: 'validation_failed', issues: [expect.objectContaining({ path: '' })] },
    });

    const signIn = await api.signIn(email);
    expect(signIn.status).toBe(200);
    expect((await api.signIn(email, 'wrong-password')).status).toBe(400);
    expect((await api.call('POST', '/api/auth/token?grant_type=magic', {})).status).toBe(400);
    const session = signIn.body as AuthSession;
    const refreshed = await api.refresh(session.refresh_token);
    expect(refreshed.status).toBe(200);
    const token = refreshed.body.access_token;

    expect((await api.call('GET', '/api/auth/user', undefined, token)).status).toBe(200);
    expect((await api.call('PUT', '/api/auth/user', { name: 'Ana María' }, token)).status).toBe(200);
    expect((await api.call('PUT', '/api/auth/user', {}, token)).status).toBe(400);
    expect((await api.profile(token)).status).toBe(200);
    expect((await api.profile('not-a-token')).status).toBe(401);
    expect((await api.call('GET', '/api/auth/user')).status).toBe(401);

    expect((await api.recover(email)).status).toBe(200);
    expect((await api.call('GET', `/api/auth/verify?token=${'t'.repeat(30)}&type=recovery`)).status).toBe(303);

    expect((await api.logout(token)).status).toBe(204);
    expect((await api.logout(token)).status).toBe(401);
    const other = (await api.signIn(email)).body as AuthSession;
    expect((await api.call('DELETE', '/api/auth/user', undefined, other.access_token)).status).toBe(204);
  });

  it('answers room creation, the viewer link and the public config as documented', async () => {
    const created = await api.call<CreateRoomResponse>('POST', '/api/rooms', { name: 'Documented' });
    expect(created.status).toBe(201);
    const session = (await api.signup(uniqueEmail('owner'))).body.session as AuthSession;
    expect((await api.call('POST', '/api/rooms', {}, session.access_token)).status).toBe(201);
    expect((await api.call('POST', '/api/rooms', { name: 'x'.repeat(51) })).status).toBe(400);

    expect((await api.call('GET', `/api/view/${created.body.room.id}`)).status).toBe(200);
    expect((await api.call('GET', '/api/view/8a6f2a0e-7a43-4d2c-9f57-1c1f1b0f9b11')).status).toBe(404);
    expect((await api.call('GET', '/api/view/not-a-uuid')).status).toBe(400);
    expect((await api.call('GET', '/config.json')).status).toBe(200);

    let status = 201;
    for (let i = 0; i < 5 && status === 201; i++) status = (await api.call('POST', '/api/rooms', {})).status;
    expect(status).toBe(429);
  });

  it("answers the request policy's and the body parser's refusals as documented", async () => {
    const json = { 'content-type': 'application/json' };
    const send = (path: string, headers: Record<string, string>, body?: string) => api.send('POST', path, { headers, body });
    expect((await send('/api/auth/recover', { 'content-type': 'text/plain' }, 'a@example.com')).status).toBe(415);
    expect((await send('/api/auth/recover', { ...json, origin: 'https://evil.example' }, '{"email":"a@example.com"}')).status).toBe(403);
    expect((await send('/api/auth/recover', json, '{"email":')).status).toBe(400);
    expect((await send('/api/auth/recover', json, JSON.stringify({ email: 'x'.repeat(70_000) }))).status).toBe(413);
    expect((await send('/api/auth/recover', { 'content-type': 'application/json; charset=latin1' }, '{}')).status).toBe(415);
  });

  it('fails an answer with an undocumented status or shape', () => {
    expect(() => apiContract.assert('GET', '/api/profile', 418, { error: { code: 'teapot', message: 'no' } })).toThrow(
      /418, a status not documented/,
    );
    expect(() => apiContract.assert('GET', '/api/profile', 200, { id: 'x' })).toThrow(/answer not as documented/);
    expect(() => apiContract.assert('GET', '/api/undocumented', 200, {})).toThrow(/not a documented path/);
  });
});
