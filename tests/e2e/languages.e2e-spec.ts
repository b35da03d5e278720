import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { llmUrl } from './support/llm';

const SHOTS = join(__dirname, '..', '..', 'test-results', 'screens');
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 768 };

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${test.info().project.name}-${name}.png`) });
}

async function say(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => (window as unknown as { __speech: { listening(): number } }).__speech.listening())).toBe(1);
  await page.evaluate(
    (t) => (window as unknown as { __speech: { say(t: string, c: number, f: boolean): number } }).__speech.say(t, 0.95, true),
    text,
  );
}

/** Where a line's text sits inside its box: right-aligned text leaves no room on the right and some on the left. */
function textGaps(line: Locator) {
  return line.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const padLeft = Number.parseFloat(style.paddingLeft);
    const padRight = Number.parseFloat(style.paddingRight);
    return { right: Math.round(box.right - padRight - text.right), left: Math.round(text.left - box.left - padLeft) };
  });
}

test.beforeEach(async ({ context }) => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
});

test('a viewer on a phone finds Arabic by searching and reads it right to left', async ({ page, browser, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await page.getByTestId('room-name-input').fill('Conferencia internacional');
  await page.getByTestId('create-room').click();
  await expect(page).toHaveURL(/\/room\/[0-9a-f-]{36}/);
  const roomId = new URL(page.url()).pathname.split('/').pop() as string;
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  // The host's select offers only what the browser can transcribe: Arabic yes, Welsh no.
  await expect(page.getByTestId('input-language').locator('option[value="ar"]')).toHaveCount(1);
  await expect(page.getByTestId('input-language').locator('option[value="cy"]')).toHaveCount(0);
  await page.getByTestId('input-language').selectOption('es');
  await page.getByTestId('toggle-room').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await page.getByTestId('enhance-mode').uncheck();
  await page.getByTestId('toggle-recording').click();
  await expect(page.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'true');

  // A phone whose browser prefers German: German is suggested first, Arabic is found by searching.
  const phone = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true, locale: 'de-DE' });
  const viewer = await phone.newPage();
  await viewer.goto(`/view/${roomId}`);
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');
  const picker = viewer.getByRole('combobox', { name: 'Your language' });
  await picker.tap();
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  await expect(viewer.getByRole('listbox').getByRole('option').first()).toHaveAttribute('data-code', 'de');
  await expect(viewer.getByRole('listbox').getByRole('option')).toHaveCount(52);
  await shot(viewer, 'languages-picker-open-phone');
  await picker.fill('arab');
  await expect(viewer.getByRole('listbox').getByRole('option')).toHaveCount(1);
  await expect(viewer.getByRole('listbox').getByRole('option')).toContainText('العربية');
  await shot(viewer, 'languages-picker-search-phone');
  await viewer.getByRole('option', { name: /Arabic/ }).tap();
  await expect(viewer).toHaveURL(/[?&]lang=ar\b/);
  await expect(picker).toHaveValue('العربية');
  await expect(picker).toHaveAttribute('dir', 'rtl');

  await say(page, 'Bienvenidos a todos — أهلا وسهلا بكم');
  await say(page, 'Gracias');
  const lines = viewer.getByTestId('translated-message');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toHaveAttribute('dir', 'rtl');
  await expect(lines.first()).toHaveAttribute('lang', 'ar');
  await expect(lines.first().locator('.message-text')).toHaveText('(ar) Bienvenidos a todos — أهلا وسهلا بكم');
  const gaps = await textGaps(lines.last().locator('.message-text'));
  expect(gaps.right).toBeLessThanOrEqual(1);
  expect(gaps.left).toBeGreaterThan(40);
  await shot(viewer, 'languages-rtl-viewer-phone');

  // The same on a desktop, picked from the keyboard, and in the caption overlay.
  const desk = await page.context().newPage();
  await desk.setViewportSize(DESKTOP);
  await desk.goto(`/view/${roomId}`);
  await desk.getByRole('combobox', { name: 'Your language' }).focus();
  await desk.keyboard.type('עברית');
  await desk.keyboard.press('Enter');
  await expect(desk).toHaveURL(/[?&]lang=he\b/);
  await expect(desk.getByTestId('translated-message')).toHaveCount(2);
  await expect(desk.getByTestId('translated-message').first()).toHaveAttribute('dir', 'rtl');
  await desk.goto(`/view/${roomId}?lang=ar`);
  await expect(desk.getByTestId('translated-message')).toHaveCount(2);
  await desk.getByRole('combobox', { name: 'Your language' }).click();
  await desk.getByRole('combobox', { name: 'Your language' }).fill('chin');
  await shot(desk, 'languages-picker-search-desktop');
  await desk.keyboard.press('Escape');
  await shot(desk, 'languages-rtl-viewer-desktop');

  const overlay = await page.context().newPage();
  await overlay.setViewportSize({ width: 1280, height: 360 });
  await overlay.goto(`/view/${roomId}/captions?lang=ar&lines=2&bg=000000`);
  const captions = overlay.getByTestId('caption-line');
  await expect(captions).toHaveCount(2);
  await expect(captions.first()).toHaveAttribute('dir', 'rtl');
  expect((await textGaps(captions.last())).right).toBeLessThanOrEqual(1);
  await shot(overlay, 'languages-rtl-captions');
  await phone.close();
});
