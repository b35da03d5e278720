import { SmtpCatcher } from '@lt/testing';
import { describeStack } from '../../support/describe-stack';
import type { Stack } from '../../support/stack';
import { authApi, uniqueEmail } from '../auth-api';

jest.setTimeout(30_000);

describe('accounts with e-mail confirmation', () => {
  let stack: Stack;
  let smtp: SmtpCatcher;
  let smtpUrl: string;

  // Declared before the stack's hooks: the mail server answers before the stack starts.
  beforeAll(async () => {
    smtp = new SmtpCatcher();
    smtpUrl = await smtp.start();
  });
  afterAll(() => smtp?.stop());

  const suite = describeStack(() => ({
    mode: 'embedded',
    accounts: { SMTP_URL: smtpUrl, AUTH_CONFIRM_EMAIL: true },
    llm: false,
  }));

  beforeAll(async () => {
    ({ stack } = suite);
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
