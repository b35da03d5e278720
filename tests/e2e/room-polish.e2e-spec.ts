import { expect, test, type Page } from '@playwright/test';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { LAPTOP, PHONE, quickRoom, say, shotBoth } from './support/room-pages';
import { UI } from './support/tags';
import { llmUrl } from './support/llm';

test.use({ viewport: LAPTOP });

test.beforeEach(async ({ context }) => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
});

async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not shown`);
  return found;
}

test('the host page at 1366 px: cards side by side without overlap, one Login; on a phone the QR dialog fits', UI, async ({ page }) => {
  await quickRoom(page);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  const controls = await box(page, '.controls-card');
  const transcript = await box(page, '.transcript-card');
  expect(controls.x + controls.width).toBeLessThanOrEqual(transcript.x);
  await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(1);

  await page.setViewportSize(PHONE);
  await expect(page.getByRole('link', { name: 'AI Translation Rooms' })).toBeVisible();
  await page.getByTestId('qr-fullscreen').click();
  const dialog = await box(page, '[data-testid="qr-dialog"]');
  expect(dialog.x).toBeGreaterThanOrEqual(0);
  expect(dialog.x + dialog.width).toBeLessThanOrEqual(PHONE.width);
  const qr = await box(page, '[data-testid="viewer-qr-large"]');
  expect(qr.x + qr.width).toBeLessThanOrEqual(dialog.x + dialog.width);
  await page.screenshot({ path: test.info().outputPath('qr-phone.png') });
  await shotBoth(page, 'host-qr-dialog');
});

test('on a phone the home link keeps its name on every room page', UI, async ({ page, browser, baseURL }) => {
  const roomId = await quickRoom(page);
  const viewerContext = await browser.newContext({ baseURL, viewport: PHONE });
  const viewer = await viewerContext.newPage();
  for (const path of ['/', `/view/${roomId}?lang=en`]) {
    await viewer.goto(path);
    await expect(viewer.getByRole('link', { name: 'AI Translation Rooms' })).toBeVisible();
  }
  await viewerContext.close();
});

test('a summary asked for by keyboard takes the focus, and closing it gives the focus back', UI, async ({ page, browser, baseURL }) => {
  const roomId = await quickRoom(page);
  await page.getByTestId('input-language').selectOption('es');
  await page.getByTestId('toggle-room').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await page.getByTestId('enhance-mode').uncheck();
  await page.getByTestId('toggle-recording').click();
  const audience = await browser.newContext({ baseURL, viewport: PHONE });
  const viewer = await audience.newPage();
  await viewer.goto(`/view/${roomId}?lang=en`);
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');
  await say(page, 'Hola a todos');
  await expect(viewer.getByTestId('translated-message')).toHaveCount(1);

  await viewer.getByTestId('generate-summary').focus();
  await viewer.keyboard.press('Enter');
  await expect(viewer.getByTestId('summary-box')).toBeFocused();
  await expect(viewer.getByTestId('summary-box')).toHaveRole('region');
  await expect(viewer.getByTestId('summary-box')).toHaveAccessibleName('Summary');
  await shotBoth(viewer, 'viewer-summary-focused');
  await viewer.getByTestId('summary-box').getByRole('button', { name: /close/i }).press('Enter');
  await expect(viewer.getByTestId('generate-summary')).toBeFocused();
  await audience.close();
});

test('a caption link with a mistake tells the operator what is wrong, on a transparent page', UI, async ({ page }) => {
  const roomId = await quickRoom(page);
  const cases: [string, string, RegExp][] = [
    [`/view/${roomId}/captions`, 'no-lang', /add the language to the link, for example \?lang=en/],
    [`/view/${roomId}/captions?lang=xx`, 'bad-lang', /"xx" is not a supported language/],
    ['/view/00000000-0000-4000-8000-000000000000/captions?lang=fr', 'not-found', /no room has the id in this link/],
    ['/view/not-a-room/captions?lang=fr', 'room-id', /the room id in the link is not valid/],
  ];
  await page.goto('/');
  await page.getByRole('combobox', { name: /idioma de la interfaz|interface language/i }).selectOption('en');
  for (const [path, kind, text] of cases) {
    await page.goto(path);
    const problem = page.getByTestId('captions-problem');
    await expect(problem).toHaveAttribute('data-kind', kind);
    await expect(problem.getByRole('alert')).toHaveText(text);
    const background = await page.evaluate(() => [
      getComputedStyle(document.documentElement).backgroundColor,
      getComputedStyle(document.body).backgroundColor,
    ]);
    expect(background).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
  }
  await shotBoth(page, 'captions-problem');
});
