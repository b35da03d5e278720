import type { Client } from 'pg';
import type { AuthSession } from '@lt/contracts';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { authApi, uniqueEmail } from '../auth-api';
import { MODES } from '../helpers';

jest.setTimeout(30_000);

describe.each(MODES)('the interface language on the profile (%s mode)', (mode) => {
  let stack: Stack;
  let sql: Client;
  let api: ReturnType<typeof authApi>;

  const suite = describeStack({ mode, llm: false });

  beforeAll(async () => {
    ({ stack } = suite);
    sql = await suite.sql();
    api = authApi(stack.baseUrl);
  });

  const signedUp = async (tag: string) => {
    const email = uniqueEmail(tag);
    const session = (await api.signup(email)).body.session as AuthSession;
    return { email, token: session.access_token };
  };
  const setLocale = (token: string | undefined, body: unknown) => api.call<Record<string, unknown>>('PATCH', '/api/profile', body, token);

  it('has none until the user chooses one, then keeps it in the database for every later sign-in', async () => {
    const { email, token } = await signedUp('locale');
    expect((await api.profile(token)).body).toMatchObject({ email, locale: null });

    const changed = await setLocale(token, { locale: 'es' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email, locale: 'es', plan_type: 'free' });

    const again = (await api.signIn(email)).body.access_token;
    expect((await api.profile(again)).body).toMatchObject({ locale: 'es' });
    const row = await sql.query('SELECT locale FROM accounts.profiles WHERE email = $1', [email]);
    expect(row.rows).toEqual([{ locale: 'es' }]);

    expect((await setLocale(token, { locale: 'en' })).body).toMatchObject({ locale: 'en' });
    expect((await api.profile(again)).body).toMatchObject({ locale: 'en' });
  });

  it('changes only the caller’s own profile', async () => {
    const ana = await signedUp('ana');
    const bob = await signedUp('bob');
    await setLocale(ana.token, { locale: 'es' });
    expect((await api.profile(bob.token)).body).toMatchObject({ locale: null });
  });

  it('refuses an unknown language, other fields, and a caller without a session', async () => {
    const { token } = await signedUp('bad');
    for (const body of [{ locale: 'fr' }, { locale: 'ES' }, {}, { locale: 'es', role: 'admin' }, { locale: null }]) {
      const res = await setLocale(token, body);
      expect({ body, status: res.status, code: (res.body as { error?: { code?: string } }).error?.code }).toEqual({
        body,
        status: 400,
        code: 'validation_failed',
      });
    }
    expect((await api.profile(token)).body).toMatchObject({ locale: null, role: 'user' });
    expect((await setLocale(undefined, { locale: 'es' })).status).toBe(401);
    expect((await setLocale('not-a-token', { locale: 'es' })).status).toBe(401);
  });

  it('refuses a column value outside the interface languages in the database too', async () => {
    const { email } = await signedUp('check');
    await expect(sql.query(`UPDATE accounts.profiles SET locale = 'fr' WHERE email = $1`, [email])).rejects.toThrow(/check constraint/);
  });
});
