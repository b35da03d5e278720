import { expect, test, type TestInfo } from '@playwright/test';
import { E2E } from './ports.mjs';
import { linksIn, waitForMail } from './support/mail';
import { socialIdToken } from './support/oidc';

// The auth API as the product's processes really run it: mail through the SMTP catcher, social sign-in against the
// local OIDC provider in Keycloak's place. The screens on top are in auth.e2e-spec.ts.

function uniqueEmail(kind: string, info: TestInfo): string {
  return `${kind}-api-${info.project.name}-${Date.now().toString(36)}-${info.retry}@example.com`;
}

interface Session {
  access_token: string;
  refresh_token: string;
  user: { id: string; email: string; user_metadata: { name: string } };
}

test('/config.json hands the web the Keycloak settings', async ({ request }) => {
  const res = await request.get('/config.json');
  expect(res.ok()).toBe(true);
  expect((await res.json()).keycloak).toEqual({ url: `http://127.0.0.1:${E2E.oidcPort}`, realm: 'lt', clientId: 'lt-web' });
});

test('a recovery mail goes out through SMTP with a single-use link to /reset-password', async ({ request, baseURL }, info) => {
  const email = uniqueEmail('recover', info);
  expect((await request.post('/api/auth/signup', { data: { email, password: 'old-pass-1', name: 'Rae Api' } })).ok()).toBe(true);
  const recover = await request.post('/api/auth/recover', { data: { email } });
  expect(recover.status(), await recover.text()).toBe(200);

  const mail = await waitForMail(email);
  expect(mail.from).toContain('rooms@example.com');
  expect(mail.to).toEqual([email]);
  const link = linksIn(mail).find((candidate) => candidate.includes('/api/auth/verify?'));
  expect(link, mail.text).toBeTruthy();
  expect(new URL(link as string).origin).toBe(new URL(baseURL as string).origin);

  const first = await request.get(link as string, { maxRedirects: 0 });
  expect(first.status()).toBe(303);
  const landing = new URL(first.headers()['location']);
  expect(`${landing.origin}${landing.pathname}`).toBe(`${baseURL}/reset-password`);
  const fragment = new URLSearchParams(landing.hash.slice(1));
  expect(fragment.get('type')).toBe('recovery');
  expect(fragment.get('access_token')).toBeTruthy();
  expect(fragment.get('refresh_token')).toBeTruthy();

  const update = await request.put('/api/auth/user', {
    data: { password: 'new-pass-2' },
    headers: { authorization: `Bearer ${fragment.get('access_token')}` },
  });
  expect(update.status(), await update.text()).toBe(200);
  const signIn = await request.post('/api/auth/token?grant_type=password', { data: { email, password: 'new-pass-2' } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const oldPassword = await request.post('/api/auth/token?grant_type=password', { data: { email, password: 'old-pass-1' } });
  expect(oldPassword.status()).toBe(400);
  expect((await oldPassword.json()).error.message).toBe('Invalid login credentials');

  const again = await request.get(link as string, { maxRedirects: 0 });
  expect(again.status()).toBe(303);
  const spent = new URL(again.headers()['location']);
  expect(spent.pathname).toBe('/reset-password');
  expect(new URLSearchParams(spent.hash.slice(1)).get('error')).toBe('access_denied');
});

test('an ID token from the identity provider signs in, creating the account once', async ({ request, baseURL }, info) => {
  const email = uniqueEmail('social', info);
  const grant = async (): Promise<Session> => {
    const idToken = await socialIdToken({ productOrigin: baseURL as string, email, name: 'Sol Social', hint: 'google' });
    const res = await request.post('/api/auth/token?grant_type=id_token', { data: { provider: 'google', id_token: idToken } });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as Session;
  };

  const first = await grant();
  expect(first.user.email).toBe(email);
  expect(first.user.user_metadata.name).toBe('Sol Social');
  const profile = await request.get('/api/profile', { headers: { authorization: `Bearer ${first.access_token}` } });
  expect(profile.status(), await profile.text()).toBe(200);
  expect(await profile.json()).toMatchObject({ email, name: 'Sol Social' });

  const second = await grant();
  expect(second.user.id).toBe(first.user.id);

  const forged = await request.post('/api/auth/token?grant_type=id_token', {
    data: { provider: 'google', id_token: `${(await socialIdToken({ productOrigin: baseURL as string, email })).slice(0, -4)}AAAA` },
  });
  expect(forged.status()).toBeGreaterThanOrEqual(400);
  expect(forged.status()).toBeLessThan(500);
});
