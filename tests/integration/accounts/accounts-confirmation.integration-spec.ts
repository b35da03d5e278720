import { createTestDatabase, SmtpCatcher, type TestDatabase } from '@lt/testing';
import { startStack, type Stack } from '../../support/stack';
import { authApi, uniqueEmail } from '../auth-api';

jest.setTimeout(30_000);

describe('accounts with e-mail confirmation', () => {
  let db: TestDatabase;
  let stack: Stack;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    db = await createTestDatabase();
    smtp = new SmtpCatcher();
    stack = await startStack({
      mode: 'embedded',
      databaseUrl: db.url,
      llmUrl: null,
      accounts: { SMTP_URL: await smtp.start(), AUTH_CONFIRM_EMAIL: true },
    });
  });

  afterAll(async () => {
    await stack?.close();
    await smtp?.stop();
    await db?.drop();
  });

  it('signs up without a session until the e-mail is confirmed', async () => {
    const api = authApi(stack.baseUrl);
    const email = uniqueEmail('confirm');
    const res = await api.signup(email);
    expect(res.body.session).toBeNull();
    expect((await api.signIn(email)).body).toEqual({ error: { code: 'email_not_confirmed', message: 'Email not confirmed' } });
    const mail = await smtp.waitForMail((m) => m.to.includes(email));
    const path = /\/api\/auth\/verify\?token=[\w-]+&type=signup/.exec(mail.text)?.[0] as string;
    expect((await api.call('GET', path)).status).toBe(303);
    expect((await api.signIn(email)).status).toBe(200);
  });
});
