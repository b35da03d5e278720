import { endRoom } from './support/room-pages';
import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { watchViolations } from './support/csp';
import { llmUrl } from './support/llm';

const SHOTS = join(__dirname, '..', '..', 'test-results', 'screens');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };
const ADMIN = { email: 'admin@example.com', password: 'admin-pass-1', name: 'Ada Admin' };

function uniqueEmail(kind: string, info: TestInfo): string {
  return `${kind}-${info.project.name}-${Date.now().toString(36)}-${info.retry}@example.com`;
}

/** Every screen twice: desktop, then phone width (the tables turn into cards there). */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const project = test.info().project.name;
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: join(SHOTS, `${project}-${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(SHOTS, `${project}-${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/** Signs up through the API; an address already registered by an earlier run of this project is fine. */
async function ensureAccount(request: APIRequestContext, email: string, password: string, name: string): Promise<void> {
  const res = await request.post('/api/auth/signup', { data: { email, password, name } });
  if (!res.ok() && !(await res.text()).includes('already registered')) throw new Error(`signup answered ${res.status()}`);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('auth-email').fill(email);
  await dialog.getByTestId('auth-password').fill(password);
  await dialog.getByTestId('auth-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });
}

const VIOLATIONS = new WeakMap<Page, string[]>();

/** A signed-in page in a browser that prefers `locale`: Spanish unless told. */
async function newSignedInPage(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  password: string,
  locale = 'es-ES',
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, locale });
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
  const page = await context.newPage();
  VIOLATIONS.set(page, await watchViolations(page));
  await signIn(page, email, password);
  return page;
}

async function say(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => (window as unknown as { __speech: { listening(): number } }).__speech.listening())).toBe(1);
  await page.evaluate(
    (t) => (window as unknown as { __speech: { say(t: string, c: number, f: boolean): number } }).__speech.say(t, 0.95, true),
    text,
  );
}

test.beforeEach(async () => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
});

test('create, schedule, start, host from the session, speak, end, then read and export the transcript from the history', async ({
  browser,
  request,
  baseURL,
}, info) => {
  const email = uniqueEmail('owner', info);
  await ensureAccount(request, email, 'owner-pass-1', 'Olga Owner');
  const page = await newSignedInPage(browser, baseURL, email, 'owner-pass-1');
  await expect(page.getByTestId('dashboard-greeting')).toHaveText('Hola, Olga Owner');
  await expect(page.getByTestId('home-recent')).toContainText('Aún no has creado ninguna sala.');
  await shot(page, 'dashboard-home-empty');

  await page.getByTestId('nav-create').click();
  // The name field is named for what it holds, for the eye and the screen reader alike.
  await expect(page.getByLabel('Nombre de la sala', { exact: true })).toHaveAttribute('data-testid', 'room-form-name');
  await expect(page.getByLabel('Fecha de Inicio')).toHaveCount(0);
  await expect(page.getByTestId('room-form-submit')).toBeDisabled();
  await page.getByLabel('Nombre de la sala', { exact: true }).fill('Opening keynote');
  await page.getByTestId('room-form-language').selectOption('es');
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const date = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await page.getByTestId('room-form-date').fill(date);
  await page.getByTestId('room-form-time').fill('10:00');
  await page.getByTestId('room-form-duration').selectOption('90');
  await shot(page, 'dashboard-create');
  await page.getByTestId('room-form-submit').click();

  await expect(page).toHaveURL(/\/dashboard\/scheduled$/);
  const card = page.getByTestId('scheduled-room').filter({ hasText: 'Opening keynote' });
  await expect(card).toHaveAttribute('data-ready', 'false');
  await expect(card).toContainText('90 min');
  await shot(page, 'dashboard-scheduled');

  await card.getByTestId('edit-room').click();
  await expect(page.getByTestId('room-form-name')).toHaveValue('Opening keynote');
  await expect(page.getByTestId('room-form-time')).toHaveValue('10:00');
  await shot(page, 'dashboard-edit-room');
  await page.getByTestId('room-form-time').fill('');
  await page.getByTestId('room-form-submit').click();
  await expect(card).toHaveAttribute('data-ready', 'true');

  await page.getByTestId('nav-active').click();
  await expect(page.getByTestId('active-room-row').filter({ hasText: 'Opening keynote' }).getByTestId('room-status')).toHaveText(
    'Programada',
  );
  await shot(page, 'dashboard-active');

  await page.getByTestId('nav-scheduled').click();
  await card.getByTestId('start-room').click();
  await expect(page).toHaveURL(/\/room\/[0-9a-f-]{36}/);
  const roomId = new URL(page.url()).pathname.split('/').pop() as string;
  expect(await page.evaluate((id) => window.localStorage.getItem(`lt.hostKey.${id}`), roomId)).toBeNull();
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('host-dashboard')).toHaveText('Panel');
  await expect(page.getByTestId('host-link')).toHaveCount(0);
  await page.getByTestId('toggle-recording').click();
  await say(page, 'Hola a todos');
  await say(page, 'Bienvenidos a la conferencia');
  await expect(page.locator('[data-testid="transcript-entry"][data-state="acked"]')).toHaveCount(2);
  await shot(page, 'host-signed-in');

  await endRoom(page);
  await page.getByTestId('ended-history').click();
  await expect(page).toHaveURL(/\/dashboard\/history$/);
  const row = page.getByTestId('history-row').filter({ hasText: 'Opening keynote' });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('history-duration')).toHaveText(/^\d+ min$/);
  await shot(page, 'dashboard-history');

  await row.getByTestId('view-transcript').click();
  const modal = page.getByTestId('transcript-modal');
  await expect(modal.getByTestId('transcript-message')).toHaveCount(2);
  await expect(modal.getByTestId('transcript-message').first()).toContainText('Hola a todos');
  await expect(modal.getByTestId('confidence-badge').first()).toHaveText('Alta confianza');
  await expect(modal.getByTestId('transcript-footer')).toContainText('Total de mensajes: 2');
  await modal.getByTestId('transcript-export').click();
  await shot(page, 'dashboard-transcript');

  const txt = page.waitForEvent('download');
  await modal.getByTestId('export-download').click();
  const txtFile = await txt;
  expect(txtFile.suggestedFilename()).toMatch(/\.txt$/);
  const text = readFileSync((await txtFile.path()) as string, 'utf8');
  expect(text).toContain('Opening keynote');
  expect(text).toContain('Hola a todos');
  expect(text).toContain('Bienvenidos a la conferencia');

  await modal.getByTestId('export-format').selectOption('vtt');
  await modal.getByTestId('export-language').selectOption('fr');
  const vtt = page.waitForEvent('download');
  await modal.getByTestId('export-download').click();
  const vttFile = await vtt;
  expect(vttFile.suggestedFilename()).toMatch(/\.vtt$/);
  const cues = readFileSync((await vttFile.path()) as string, 'utf8');
  expect(cues.startsWith('WEBVTT')).toBe(true);
  expect(cues).toMatch(/\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}/);
  expect(cues).toContain('(fr) Hola a todos');

  await modal.getByTestId('transcript-close').click();
  await expect(modal).toBeHidden();
  await page.getByTestId('nav-active').click();
  await page.getByTestId('new-room-link').click();
  await page.getByTestId('room-form-name').fill('Throwaway');
  await page.getByTestId('room-form-submit').click();
  await page.getByTestId('nav-active').click();
  const throwaway = page.getByTestId('active-room-row').filter({ hasText: 'Throwaway' });
  await throwaway.getByTestId('delete-room').click();
  await expect(page.getByRole('alertdialog')).toContainText('¿Estás seguro de que quieres eliminar esta sala?');
  await page.getByTestId('confirm-accept').click();
  await expect(throwaway).toHaveCount(0);
  expect(VIOLATIONS.get(page)).toEqual([]);
  await page.getByTestId('nav-home').click();
  await expect(page.getByTestId('recent-room').first()).toContainText('Finalizada');
  await shot(page, 'dashboard-home');
  await page.context().close();
});

test('the account page edits the name, and the header greets with it', async ({ browser, request, baseURL }, info) => {
  const email = uniqueEmail('account', info);
  await ensureAccount(request, email, 'account-pass-1', 'Ada Account');
  const page = await newSignedInPage(browser, baseURL, email, 'account-pass-1');
  await page.getByTestId('dashboard-greeting').click();
  await page.getByRole('menuitem', { name: 'Mi Cuenta' }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByTestId('profile-plan')).toHaveText('Gratuito');
  await expect(page.getByTestId('account-tokens')).toContainText('de 10.000 tokens usados');
  await shot(page, 'dashboard-account');
  await page.getByTestId('account-edit').click();
  await page.getByTestId('account-name-input').fill('Ada Renamed');
  await page.getByTestId('account-save').click();
  await expect(page.getByTestId('account-saved')).toHaveText('Perfil actualizado exitosamente');
  await expect(page.getByTestId('account-name')).toHaveText('Ada Renamed');
  await expect(page.getByTestId('dashboard-greeting')).toHaveText('Hola, Ada Renamed');
  await page.reload();
  await expect(page.getByTestId('account-name')).toHaveText('Ada Renamed');
  await page.getByTestId('account-delete').click();
  await expect(page.getByTestId('account-delete-question')).toHaveText('¿Estás seguro? Esta acción no se puede deshacer.');
  await shot(page, 'dashboard-account-delete');
  await page.context().close();
});

test("an admin changes a user's plan and the user's quota follows on their dashboard", async ({ browser, request, baseURL }, info) => {
  const email = uniqueEmail('planned', info);
  await ensureAccount(request, email, 'user-pass-1', 'Pia Plan');
  await ensureAccount(request, ADMIN.email, ADMIN.password, ADMIN.name);

  const user = await newSignedInPage(browser, baseURL, email, 'user-pass-1');
  await expect(user.getByTestId('profile-tokens')).toContainText('/ 10.000');
  await expect(user.getByTestId('nav-admin')).toHaveCount(0);
  await user.goto('/dashboard/admin');
  await expect(user).toHaveURL(/\/dashboard\/?$/);

  const admin = await newSignedInPage(browser, baseURL, ADMIN.email, ADMIN.password, 'en-US');
  await admin.getByTestId('nav-admin').click();
  await expect(admin.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  const row = admin.getByTestId('admin-user-row').filter({ hasText: email });
  await expect(row.getByTestId('admin-user-plan')).toHaveText('Free');
  await shot(admin, 'admin-users');
  await row.getByTestId('admin-plan-select').selectOption('premium');
  await expect(row.getByTestId('admin-user-plan')).toHaveText('Premium');
  await expect(row.getByTestId('admin-user-usage')).toContainText('/ 100,000');

  await admin.getByRole('tab', { name: 'Rooms' }).click();
  await expect(admin.getByRole('tabpanel')).toBeVisible();
  await shot(admin, 'admin-rooms');
  await admin.getByRole('tab', { name: 'Statistics' }).click();
  await expect(admin.getByTestId('admin-stat-premium_users')).toContainText(/[1-9]/);
  await expect(admin.locator('[data-testid="health-part"][data-part="database"]')).toHaveAttribute('data-status', 'up');
  await shot(admin, 'admin-stats');

  await user.reload();
  await expect(user.getByTestId('profile-tokens')).toContainText('/ 100.000');
  await user.getByTestId('nav-account').click();
  await expect(user.getByTestId('profile-plan')).toHaveText('Premium');
  await admin.context().close();
  await user.context().close();
});

test('an anonymous host signs in from the room and finds the room in the dashboard', async ({ page, request }, info) => {
  const email = uniqueEmail('claimer', info);
  await ensureAccount(request, email, 'claim-pass-1', 'Cleo Claim');
  await page.goto('/');
  await page.getByTestId('room-name-input').fill('Claimed talk');
  await page.getByTestId('create-room').click();
  await expect(page).toHaveURL(/\/room\//);
  const roomPath = new URL(page.url()).pathname;
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('auth-email').fill(email);
  await dialog.getByTestId('auth-password').fill('claim-pass-1');
  await dialog.getByTestId('auth-submit').click();
  await expect(dialog).toBeHidden();
  expect(new URL(page.url()).pathname).toBe(roomPath);
  await expect(page.getByTestId('host-dashboard')).toBeVisible();
  await page.getByTestId('host-dashboard').click();
  await page.getByTestId('nav-active').click();
  await expect(page.getByTestId('active-room-row').filter({ hasText: 'Claimed talk' })).toBeVisible();
});
