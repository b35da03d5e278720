import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { E2E } from './ports.mjs';
import { linksIn, waitForMail } from './support/mail';

const INVALID_CREDENTIALS = 'The email or password you entered is incorrect. Please double-check your credentials.';
const ALREADY_REGISTERED = 'This email is already registered. Please sign in or use a different email.';
const OIDC = `http://127.0.0.1:${E2E.oidcPort}`;

/** Unique per test, project and retry: both projects share one SMTP catcher and one identity provider. */
function uniqueEmail(kind: string, info: TestInfo): string {
  return `${kind}-${info.project.name}-${Date.now().toString(36)}-${info.retry}@example.com`;
}

async function signUpByApi(request: APIRequestContext, email: string, password: string, name: string): Promise<void> {
  const res = await request.post('/api/auth/signup', { data: { email, password, name } });
  expect(res.ok(), `POST /api/auth/signup answered ${res.status()}: ${await res.text()}`).toBe(true);
}

async function openAuthModal(page: Page): Promise<Locator> {
  await expect(page.getByTestId('login-button')).toBeVisible();
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Welcome Back');
  return dialog;
}

async function signInWithPassword(dialog: Locator, email: string, password: string): Promise<void> {
  await dialog.getByTestId('auth-email').fill(email);
  await dialog.getByTestId('auth-password').fill(password);
  await dialog.getByTestId('auth-submit').click();
}

async function expectOnDashboardAs(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });
  await expect(page.getByTestId('dashboard-greeting')).toContainText(name);
}

/** 'Cerrar Sesión' sits in the dashboard header's menu, which may need opening first. */
async function signOutFromDashboard(page: Page): Promise<void> {
  const signOut = page.getByTestId('dashboard-signout');
  if (!(await signOut.isVisible())) await page.getByTestId('dashboard-greeting').click();
  await signOut.click();
}

async function expectSignedOutOnLanding(page: Page, baseURL: string | undefined): Promise<void> {
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByTestId('login-button')).toBeVisible();
  await expect(page.getByTestId('login-button')).toHaveText('Login');
}

test('signing up lands on the dashboard greeting the user; signing out returns to the landing page', async ({ page, baseURL }, info) => {
  const email = uniqueEmail('signup', info);
  await page.goto('/');
  const dialog = await openAuthModal(page);
  await dialog.getByTestId('auth-to-signup').click();
  await expect(dialog).toContainText('Create Account');
  await dialog.getByTestId('auth-name').fill('Nora Signup');
  await dialog.getByTestId('auth-email').fill(email);
  await dialog.getByTestId('auth-password').fill('first-pass-1');
  await dialog.getByTestId('auth-submit').click();

  await expectOnDashboardAs(page, 'Nora Signup');
  await page.reload();
  await expectOnDashboardAs(page, 'Nora Signup');

  await signOutFromDashboard(page);
  await expectSignedOutOnLanding(page, baseURL);
  await page.reload();
  await expect(page.getByTestId('login-button')).toBeVisible();
  await page.goto('/dashboard');
  await expectSignedOutOnLanding(page, baseURL);

  const again = await openAuthModal(page);
  await signInWithPassword(again, email, 'first-pass-1');
  await expectOnDashboardAs(page, 'Nora Signup');
});

test('signing up with a registered e-mail says so', async ({ page, request }, info) => {
  const email = uniqueEmail('twice', info);
  await signUpByApi(request, email, 'first-pass-1', 'Tess Twice');
  await page.goto('/');
  const dialog = await openAuthModal(page);
  await dialog.getByTestId('auth-to-signup').click();
  await dialog.getByTestId('auth-email').fill(email);
  await dialog.getByTestId('auth-password').fill('other-pass-2');
  await dialog.getByTestId('auth-submit').click();
  await expect(dialog.getByTestId('auth-error')).toHaveText(ALREADY_REGISTERED);
});

test('a wrong password keeps the modal open with the credentials message', async ({ page, request, baseURL }, info) => {
  const email = uniqueEmail('wrong', info);
  await signUpByApi(request, email, 'right-pass-1', 'Walt Wrong');
  await page.goto('/');
  const dialog = await openAuthModal(page);

  await signInWithPassword(dialog, email, 'not-the-password');
  await expect(dialog.getByTestId('auth-error')).toHaveText(INVALID_CREDENTIALS);
  await expect(page).toHaveURL(`${baseURL}/`);

  // An unknown e-mail reads the same, so the modal does not tell which accounts exist.
  await signInWithPassword(dialog, uniqueEmail('nobody', info), 'not-the-password');
  await expect(dialog.getByTestId('auth-error')).toHaveText(INVALID_CREDENTIALS);

  await dialog.getByTestId('auth-close').click();
  await expect(dialog).toBeHidden();
  const reopened = await openAuthModal(page);
  await expect(reopened.getByTestId('auth-error')).toHaveCount(0);
  await expect(reopened.getByTestId('auth-email')).toHaveValue('');
});

test('a forgotten password is reset through the e-mailed link, which works only once', async ({
  page,
  browser,
  request,
  baseURL,
}, info) => {
  const email = uniqueEmail('reset', info);
  const oldPassword = 'old-pass-1';
  const newPassword = 'new-pass-2';
  await signUpByApi(request, email, oldPassword, 'Rita Reset');

  await page.goto('/');
  const dialog = await openAuthModal(page);
  await dialog.getByTestId('auth-forgot').click();
  await expect(dialog).toContainText('Reset Password');
  await expect(dialog.getByTestId('auth-google')).toHaveCount(0);
  await dialog.getByTestId('auth-email').fill(email);
  await dialog.getByTestId('auth-submit').click();
  await expect(dialog.getByTestId('auth-reset-sent')).toBeVisible();

  const mail = await waitForMail(email);
  expect(mail.from).toContain('rooms@example.com');
  const link = linksIn(mail).find((candidate) => candidate.includes('/api/auth/verify?'));
  expect(link, `a verify link in the mail:\n${mail.text}`).toBeTruthy();
  const verify = new URL(link as string);
  expect(verify.origin).toBe(new URL(baseURL as string).origin);
  expect(verify.searchParams.get('type')).toBe('recovery');
  expect(verify.searchParams.get('token')).toBeTruthy();

  await page.goto(verify.href);
  await expect(page).toHaveURL(/\/reset-password/);
  await expect(page.getByTestId('new-password')).toBeVisible();
  expect(page.url(), 'the page cleans the tokens out of the URL').not.toContain('access_token');
  await page.getByTestId('new-password').fill(newPassword);
  await page.getByTestId('confirm-password').fill(newPassword);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-success')).toContainText('Password Updated!');
  await expect(page).not.toHaveURL(/\/reset-password/, { timeout: 10_000 });

  const fresh = await browser.newContext({ baseURL });
  try {
    const signIn = await fresh.newPage();
    await signIn.goto('/');
    const modal = await openAuthModal(signIn);
    await signInWithPassword(modal, email, oldPassword);
    await expect(modal.getByTestId('auth-error')).toHaveText(INVALID_CREDENTIALS);
    await signInWithPassword(modal, email, newPassword);
    await expectOnDashboardAs(signIn, 'Rita Reset');
  } finally {
    await fresh.close();
  }

  const spent = await browser.newContext({ baseURL });
  try {
    const again = await spent.newPage();
    await again.goto(verify.href);
    await expect(again.getByTestId('reset-error')).toContainText('Problem with the Link');
    await again.getByTestId('reset-request-new').click();
    await expect(again).toHaveURL(`${baseURL}/`);
    await expect(again.getByRole('dialog')).toContainText('Reset Password');
  } finally {
    await spent.close();
  }
});

test('Continue with Google signs in through the identity provider and lands on the dashboard', async ({ page, baseURL }) => {
  await page.goto('/');
  const dialog = await openAuthModal(page);
  await dialog.getByTestId('auth-google').click();

  await expect(page).toHaveURL(new RegExp(`^${OIDC.replace(/[.]/g, '\\.')}/interaction/`));
  await expect(page.getByTestId('idp-hint')).toHaveText('google');
  await page.getByRole('button', { name: 'Sign in as Ana' }).click();

  await expectOnDashboardAs(page, 'Ana Social');
  await page.reload();
  await expectOnDashboardAs(page, 'Ana Social');
  await signOutFromDashboard(page);
  await expectSignedOutOnLanding(page, baseURL);
});

test('Continue with Apple creates the account of a new social user', async ({ page }, info) => {
  const email = uniqueEmail('apple', info);
  await page.goto('/');
  const dialog = await openAuthModal(page);
  await dialog.getByTestId('auth-apple').click();

  await expect(page.getByTestId('idp-hint')).toHaveText('apple');
  await page.getByTestId('oidc-email').fill(email);
  await page.getByTestId('oidc-name').fill('Abe Apple');
  await page.getByTestId('oidc-sign-in').click();

  await expectOnDashboardAs(page, 'Abe Apple');
});
