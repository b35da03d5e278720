import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dashboardEn } from '../../apps/web/src/i18n/dashboard.en';
import { dashboardEs } from '../../apps/web/src/i18n/dashboard.es';
import { en } from '../../apps/web/src/i18n/en';
import { es } from '../../apps/web/src/i18n/es';
import { roomEn } from '../../apps/web/src/i18n/room.en';
import { roomEs } from '../../apps/web/src/i18n/room.es';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { LAPTOP, say, shotBoth } from './support/room-pages';
import { UI } from './support/tags';

type Lang = 'en' | 'es';
const CATALOGS: Record<Lang, Record<string, string>> = {
  en: { ...en, ...roomEn, ...dashboardEn },
  es: { ...es, ...roomEs, ...dashboardEs },
};

/**
 * The texts of the other language that this one never shows: the other catalog's texts that differ from this
 * catalog's for the same key, without their placeholders (the fixed words around them), and only those no text of
 * this catalog contains (`Panel` is Spanish and part of English 'Admin Panel').
 */
function foreignTexts(lang: Lang): string[] {
  const own = CATALOGS[lang];
  const other = CATALOGS[lang === 'en' ? 'es' : 'en'];
  const ownTexts = Object.values(own).map((text) => text.toLowerCase());
  const fragments = Object.keys(other)
    .filter((key) => other[key] !== own[key])
    .flatMap((key) => other[key].split(/\{\w+\}/))
    .map((fragment) => fragment.trim().replace(/^[\s:·,.()-]+|[\s:·,.()-]+$/g, ''))
    .filter((fragment) => /\p{L}{4,}/u.test(fragment) && fragment.length >= 5);
  return [...new Set(fragments)].filter((fragment) => !ownTexts.some((text) => text.includes(fragment.toLowerCase())));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What of the other language is in `text`, matched as whole words, whatever the case. */
function leaks(text: string, lang: Lang): string[] {
  return foreignTexts(lang).filter((fragment) => new RegExp(`(?<!\\p{L})${escape(fragment)}(?!\\p{L})`, 'iu').test(text));
}

/** The page reads in one language: `lang`, its visible text holds nothing of the other catalog, and `<html lang dir>` match. */
async function expectOneLanguage(page: Page, lang: Lang, where: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const visible = await page.evaluate(() => document.body.innerText);
  const labels = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[aria-label],[title],[placeholder]'))
      .map((el) => [el.getAttribute('aria-label'), el.getAttribute('title'), el.getAttribute('placeholder')].filter(Boolean).join('\n'))
      .join('\n'),
  );
  expect({ where, leaks: leaks(`${visible}\n${labels}`, lang) }).toEqual({ where, leaks: [] });
  await expect(page.getByTestId('locale-switch')).toHaveValue(lang);
}

function uniqueEmail(info: TestInfo, lang: Lang): string {
  return `i18n-${lang}-${info.project.name}-${Date.now().toString(36)}-${info.retry}@example.com`;
}

const BROWSERS = [
  {
    locale: 'en-US',
    lang: 'en' as const,
    switcher: 'Interface language',
    confidence: 'High confidence',
    file: /^transcript-keynote-i18n-\d{4}-\d\d-\d\d\.txt$/,
    header: 'Room: Keynote i18n',
  },
  {
    locale: 'es-ES',
    lang: 'es' as const,
    switcher: 'Idioma de la interfaz',
    confidence: 'Alta confianza',
    file: /^transcripcion-keynote-i18n-\d{4}-\d\d-\d\d\.txt$/,
    header: 'Sala: Keynote i18n',
  },
];

test('the other catalog has words of its own to look for', UI, () => {
  expect(foreignTexts('en')).toEqual(expect.arrayContaining(['Finalizar Sala', '¿Olvidaste tu contraseña?', 'Alta confianza']));
  expect(foreignTexts('es')).toEqual(expect.arrayContaining(['Reopen the room', 'Forgot your password?', 'High confidence']));
  expect(leaks('Start Room · Finalizar Sala', 'en')).toEqual(expect.arrayContaining(['Finalizar Sala']));
  expect(leaks('Start Room · Stop Recording · Room name (optional)', 'en')).toEqual([]);
});

for (const browserLanguage of BROWSERS) {
  const { locale, lang } = browserLanguage;
  test(
    `an ${locale} browser reads every page, the dashboard and an export in ${lang} only`,
    UI,
    async ({ browser, request, baseURL }, info) => {
      test.setTimeout(120_000);
      const email = uniqueEmail(info, lang);
      const password = 'i18n-pass-1';
      const signup = await request.post('/api/auth/signup', { data: { email, password, name: 'Lena Lang' } });
      expect(signup.ok()).toBe(true);

      const context = await browser.newContext({ baseURL, locale, viewport: LAPTOP });
      await context.addInitScript(installFakeSpeechRecognition);
      await context.grantPermissions(['microphone']);
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.accept();
      });

      await page.goto('/');
      await expect(page.getByTestId('create-room')).toBeVisible();
      await expect(page.locator('.locale-switch')).toContainText(browserLanguage.switcher);
      await expectOneLanguage(page, lang, 'landing');
      await shotBoth(page, `lang-${lang}-landing`);

      await page.getByTestId('login-button').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('auth-submit')).toBeVisible();
      await expectOneLanguage(page, lang, 'auth: login');
      await shotBoth(page, `lang-${lang}-auth`);
      await dialog.getByTestId('auth-forgot').click();
      await expectOneLanguage(page, lang, 'auth: reset');
      await dialog.getByTestId('auth-close').click();

      await page.getByTestId('login-button').click();
      await dialog.getByTestId('auth-email').fill(email);
      await dialog.getByTestId('auth-password').fill(password);
      await dialog.getByTestId('auth-submit').click();
      await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });
      await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
      await expectOneLanguage(page, lang, 'dashboard home');
      await shotBoth(page, `lang-${lang}-dashboard`);

      await page.getByTestId('nav-create').click();
      await page.getByTestId('room-form-name').fill('Keynote i18n');
      await page.getByTestId('room-form-language').selectOption('es');
      await expectOneLanguage(page, lang, 'dashboard create');
      await page.getByTestId('room-form-submit').click();
      await expect(page).toHaveURL(/\/dashboard\/scheduled$/);
      const card = page.getByTestId('scheduled-room').filter({ hasText: 'Keynote i18n' });
      await expectOneLanguage(page, lang, 'dashboard scheduled');
      await card.getByTestId('start-room').click();
      await expect(page).toHaveURL(/\/room\/[0-9a-f-]{36}/);
      const roomId = new URL(page.url()).pathname.split('/').pop() as string;
      await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
      await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
      await page.getByTestId('toggle-recording').click();
      await say(page, 'Hola a todos');
      await expect(page.locator('[data-testid="transcript-entry"][data-state="acked"]')).toHaveCount(1);
      await expectOneLanguage(page, lang, 'host');
      await shotBoth(page, `lang-${lang}-host`);

      const viewer = await context.newPage();
      await viewer.goto(`/view/${roomId}?lang=fr`);
      await expect(viewer.getByTestId('viewer-status')).toHaveText(CATALOGS[lang]['viewer.status.live']);
      await expect(viewer.getByTestId('translated-message')).toHaveCount(1);
      await expectOneLanguage(viewer, lang, 'viewer');
      await shotBoth(viewer, `lang-${lang}-viewer`);
      await viewer.close();

      await page.getByTestId('end-room').click();
      await expect(page.getByRole('alertdialog')).toContainText(CATALOGS[lang]['host.endTitle']);
      await page.getByTestId('confirm-accept').click();
      await expect(page.getByTestId('room-ended')).toContainText(CATALOGS[lang]['ended.title']);
      await expectOneLanguage(page, lang, 'ended room');
      expect(dialogs).toEqual([]);
      await page.getByTestId('ended-history').click();
      await expect(page).toHaveURL(/\/dashboard\/history$/);
      const row = page.getByTestId('history-row').filter({ hasText: 'Keynote i18n' });
      await expect(row).toBeVisible();
      await expectOneLanguage(page, lang, 'dashboard history');
      await row.getByTestId('view-transcript').click();
      const modal = page.getByTestId('transcript-modal');
      await expect(modal.getByTestId('confidence-badge').first()).toHaveText(browserLanguage.confidence);
      await modal.getByTestId('transcript-export').click();
      await expectOneLanguage(page, lang, 'transcript');
      await shotBoth(page, `lang-${lang}-transcript`);

      const download = page.waitForEvent('download');
      await modal.getByTestId('export-download').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(browserLanguage.file);
      const text = readFileSync((await file.path()) as string, 'utf8');
      expect(text.split('\n')[0]).toBe(browserLanguage.header);
      expect(text).toContain(`(${browserLanguage.confidence}) Hola a todos`);
      expect(leaks(text.replace('Hola a todos', ''), lang)).toEqual([]);
      await context.close();
    },
  );
}

test(
  'the switcher changes the whole app, and the profile brings the choice to another browser',
  UI,
  async ({ browser, request, baseURL }, info) => {
    const email = uniqueEmail(info, 'es');
    const password = 'i18n-pass-2';
    expect((await request.post('/api/auth/signup', { data: { email, password, name: 'Sam Switch' } })).ok()).toBe(true);

    const first = await browser.newContext({ baseURL, locale: 'en-US', viewport: LAPTOP });
    const page = await first.newPage();
    await page.goto('/');
    await expectOneLanguage(page, 'en', 'landing before the switch');
    await page.getByTestId('locale-switch').selectOption('es');
    await expectOneLanguage(page, 'es', 'landing after the switch');
    await page.reload();
    await expectOneLanguage(page, 'es', 'landing after a reload');
    await page.getByTestId('login-button').click();
    await page.getByTestId('auth-email').fill(email);
    await page.getByTestId('auth-password').fill(password);
    await page.getByTestId('auth-submit').click();
    await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });
    await page.getByTestId('locale-switch').selectOption('en');
    await expectOneLanguage(page, 'en', 'dashboard after the switch');
    await expect
      .poll(
        async () =>
          (
            await page.evaluate(() =>
              fetch('/api/profile', {
                headers: { authorization: `Bearer ${JSON.parse(localStorage.getItem('lt.session') ?? '{}').access_token}` },
              }).then((r) => r.json()),
            )
          ).locale,
      )
      .toBe('en');
    await first.close();

    const second = await browser.newContext({ baseURL, locale: 'es-ES', viewport: LAPTOP });
    const other = await second.newPage();
    await other.goto('/');
    await expectOneLanguage(other, 'es', 'another browser, signed out');
    await other.getByTestId('login-button').click();
    await other.getByTestId('auth-email').fill(email);
    await other.getByTestId('auth-password').fill(password);
    await other.getByTestId('auth-submit').click();
    await expect(other).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });
    await expectOneLanguage(other, 'en', 'another browser, signed in');
    await second.close();
  },
);
