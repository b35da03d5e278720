import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { LAPTOP, quickRoom, say } from './support/room-pages';
import { UI } from './support/tags';
import { llmUrl } from './support/llm';

const SHOTS = join(__dirname, '..', '..', 'test-results', 'screens');
/** A phone of today, upright. */
const PHONE = { width: 390, height: 844 };
/** The language model answers a sentence in about the time a real one streams it: first token, then the rest. */
const MODEL_ANSWER_MS = 800;

test.use({ viewport: LAPTOP });

test.beforeEach(async ({ context }) => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
  await fetch(`${llmUrl()}/__delay`, { method: 'POST', body: JSON.stringify({ ms: MODEL_ANSWER_MS }) });
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
});

test.afterEach(async () => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
});

/** The screen as the viewer sees it once the caption list has scrolled (smoothly) to its newest line. */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const atNewest = () =>
    page.getByTestId('message-list').evaluate((list) => Math.abs(list.scrollHeight - list.clientHeight - list.scrollTop) <= 1);
  await expect.poll(atNewest, { message: 'the caption list scrolled to its newest line' }).toBe(true);
  await page.screenshot({ path: join(SHOTS, `${test.info().project.name}-reading-${name}-phone.png`) });
}

/** A live room whose host speaks Spanish, its id, and a browser for the audience in English. */
async function liveRoom(page: Page, browser: Browser, baseURL: string | undefined) {
  const roomId = await quickRoom(page);
  await page.getByTestId('input-language').selectOption('es');
  await page.getByTestId('toggle-room').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await page.getByTestId('enhance-mode').uncheck();
  await page.getByTestId('toggle-recording').click();
  const audience = await browser.newContext({ baseURL, viewport: PHONE, locale: 'en-US' });
  await audience.addInitScript(() => window.localStorage.getItem('lt.locale') ?? window.localStorage.setItem('lt.locale', 'en'));
  return { roomId, audience };
}

async function speak(host: Page, viewer: Page, from: number, to: number, shown = to) {
  for (let n = from; n <= to; n += 1) await say(host, `Frase número ${n}: hablamos de la traducción en directo para toda la sala`);
  await expect(viewer.getByTestId('translated-message')).toHaveCount(shown);
}

const captionSize = (viewer: Page) =>
  viewer
    .getByTestId('translated-message')
    .last()
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
const pageColours = (viewer: Page) =>
  viewer.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { background: style.backgroundColor, text: style.color };
  });

test('a viewer on a phone sees how far behind the captions are, and sets size, colours and lines that stay after a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { roomId, audience } = await liveRoom(page, browser, baseURL);
  const viewer = await audience.newPage();
  await viewer.goto(`/view/${roomId}?lang=en`);
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');

  const meter = viewer.getByTestId('caption-delay');
  await expect(meter).toHaveAttribute('data-known', 'false');
  await expect(meter).toContainText('Delay not known yet');
  const spokeAt = Date.now();
  await speak(page, viewer, 1, 3);
  await expect(meter).toHaveAttribute('data-known', 'true');
  await expect(meter).toContainText(/^Caption delay: \d+(\.\d)? s behind$/);
  // The model's answer alone takes MODEL_ANSWER_MS; what the meter shows is a wait the viewer really had, so no
  // longer than the time since the host began to speak.
  const delay = Number(await meter.getAttribute('data-delay-ms'));
  expect(delay).toBeGreaterThanOrEqual(MODEL_ANSWER_MS);
  expect(delay).toBeLessThanOrEqual(Date.now() - spokeAt);
  await expect(meter).not.toHaveAttribute('aria-live');
  await shot(viewer, 'default');

  const normal = await captionSize(viewer);
  const settings = viewer.getByTestId('viewer-settings');
  await settings.focus();
  await viewer.keyboard.press('Enter');
  await expect(settings).toHaveAttribute('aria-expanded', 'true');
  // The keyboard alone: Tab into the size group, arrows move the choice, applied at once.
  await viewer.keyboard.press('Tab');
  await expect(viewer.getByRole('radio', { name: 'Normal' })).toBeFocused();
  for (let i = 0; i < 3; i++) await viewer.keyboard.press('ArrowRight');
  await expect(viewer.getByRole('radio', { name: 'Huge' })).toBeChecked();
  expect(await captionSize(viewer)).toBeGreaterThan(normal * 1.8);
  await shot(viewer, 'settings-huge');

  await viewer.getByRole('radio', { name: 'Light' }).check();
  expect(await pageColours(viewer)).toEqual({ background: 'rgb(245, 246, 251)', text: 'rgb(20, 24, 39)' });
  await viewer.getByRole('radio', { name: 'Dark' }).check();
  expect(await pageColours(viewer)).toEqual({ background: 'rgb(14, 17, 26)', text: 'rgb(238, 240, 246)' });
  await shot(viewer, 'settings-dark');
  await viewer.getByRole('radio', { name: 'High contrast' }).check();
  expect(await pageColours(viewer)).toEqual({ background: 'rgb(0, 0, 0)', text: 'rgb(255, 255, 255)' });
  await viewer.getByRole('radio', { name: '2', exact: true }).check();
  await expect(viewer.getByTestId('translated-message')).toHaveCount(2);
  await shot(viewer, 'settings-contrast');
  await viewer.keyboard.press('Escape');
  await expect(settings).toBeFocused();
  await shot(viewer, 'contrast-huge-last-2');

  await viewer.reload();
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');
  await expect(viewer.getByTestId('translated-message')).toHaveCount(2);
  expect(await captionSize(viewer)).toBeGreaterThan(normal * 1.8);
  expect(await pageColours(viewer)).toEqual({ background: 'rgb(0, 0, 0)', text: 'rgb(255, 255, 255)' });
  await speak(page, viewer, 4, 4, 2);
  await expect(viewer.getByTestId('translated-message').last()).toContainText('4');

  // Back to every line, in a larger size, dark.
  await settings.click();
  await viewer.getByRole('radio', { name: 'All' }).check();
  await viewer.getByRole('radio', { name: 'Dark' }).check();
  await viewer.getByRole('radio', { name: 'Large', exact: true }).check();
  await viewer.keyboard.press('Escape');
  await expect(viewer.getByTestId('translated-message')).toHaveCount(4);
  await shot(viewer, 'dark-large');
  await viewer.evaluate(() =>
    window.localStorage.setItem('lt.reading.viewer', JSON.stringify({ size: 'larger', theme: 'light', lines: 0 })),
  );
  await viewer.reload();
  await expect(viewer.getByTestId('translated-message')).toHaveCount(4);
  await shot(viewer, 'light-larger');
  await audience.close();
});

test('the overlay takes reading settings chosen on its page over its address, and keeps them', UI, async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const { roomId, audience } = await liveRoom(page, browser, baseURL);
  const overlay = await audience.newPage();
  await overlay.setViewportSize(LAPTOP);
  await overlay.goto(`/view/${roomId}/captions?lang=en&lines=1&size=40`);
  const button = overlay.getByTestId('overlay-settings');
  // Out of sight in a capture of the page; there for the pointer and the keyboard.
  await expect(button).toHaveCSS('opacity', '0');
  await speak(page, overlay, 1, 3, 0);
  await expect(overlay.getByTestId('caption-line')).toHaveCount(1);
  await button.focus();
  await expect(button).toHaveCSS('opacity', '1');
  await overlay.keyboard.press('Enter');
  await overlay.getByRole('radio', { name: 'High contrast' }).check();
  await overlay.getByRole('radio', { name: '3', exact: true }).check();
  await overlay.getByRole('radio', { name: 'Large', exact: true }).check();
  await expect(overlay.getByTestId('caption-line')).toHaveCount(3);
  await expect(overlay.getByTestId('captions')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await expect(overlay.getByTestId('captions')).toHaveCSS('font-size', '50px');
  await overlay.keyboard.press('Escape');
  await overlay.reload();
  await expect(overlay.getByTestId('caption-line')).toHaveCount(3);
  await expect(overlay.getByTestId('captions')).toHaveCSS('color', 'rgb(255, 230, 0)');
  await overlay.mouse.move(10, 10);
  await overlay.screenshot({ path: join(SHOTS, `${test.info().project.name}-reading-overlay-contrast-laptop.png`) });
  await audience.close();
});
