import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { LAPTOP, PHONE, quickRoom, say } from './support/room-pages';
import { UI } from './support/tags';
import { llmUrl } from './support/llm';

const SHOTS = join(__dirname, '..', '..', 'test-results', 'screens');
const LINES = 25;

test.use({ viewport: LAPTOP });

test.beforeEach(async ({ context }) => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
});

/** What the viewer sees: the screen only, not the page below it. */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const { width } = page.viewportSize() ?? LAPTOP;
  await page.screenshot({ path: join(SHOTS, `${test.info().project.name}-viewer-${name}-${width < 600 ? 'phone' : 'laptop'}.png`) });
}

/** What axe finds serious or critical on the page as it is now. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A live room whose host speaks Spanish, and a viewer reading it in English on a screen of the given size. */
async function hostAndViewer(page: Page, browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) {
  const roomId = await quickRoom(page);
  await page.getByTestId('input-language').selectOption('es');
  await page.getByTestId('toggle-room').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await page.getByTestId('enhance-mode').uncheck();
  await page.getByTestId('toggle-recording').click();
  return { roomId, ...(await openViewer(browser, baseURL, viewport, roomId)) };
}

async function openViewer(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }, roomId: string) {
  const audience = await browser.newContext({ baseURL, viewport, locale: 'en-US' });
  // The interface in English, as an English-speaking viewer chooses it.
  await audience.addInitScript(() => window.localStorage.getItem('lt.locale') ?? window.localStorage.setItem('lt.locale', 'en'));
  const viewer = await audience.newPage();
  await viewer.goto(`/view/${roomId}?lang=en&name=Conferencia%20anual%20de%20traducci%C3%B3n%20en%20directo`);
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');
  return { viewer, audience };
}

async function speak(host: Page, viewer: Page, from: number, to: number) {
  for (let n = from; n <= to; n += 1) {
    await say(host, `Frase número ${n}: seguimos hablando de la traducción en directo para todo el público de la sala`);
  }
  await expect(viewer.getByTestId('translated-message')).toHaveCount(to);
}

/** Whether the whole of a line is on screen, uncovered, with the page itself not scrolled. */
function fullyInView(viewer: Page, seq: number) {
  return viewer
    .getByTestId('translated-message')
    .and(viewer.locator(`[data-seq="${seq}"]`))
    .evaluate((line) => {
      const box = line.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + 4);
      const bottom = document.elementFromPoint(box.left + box.width / 2, box.bottom - 4);
      return (
        window.scrollY === 0 &&
        box.top >= 0 &&
        box.bottom <= window.innerHeight &&
        box.right <= window.innerWidth &&
        line.contains(top) &&
        line.contains(bottom)
      );
    });
}

const lastSeq = async (viewer: Page) => Number(await viewer.getByTestId('translated-message').last().getAttribute('data-seq'));

for (const [size, viewport] of [
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const) {
  test(
    `on a ${size} the newest caption is in view without scrolling the page, and stays there as lines arrive`,
    UI,
    async ({ page, browser, baseURL }) => {
      const { viewer, audience } = await hostAndViewer(page, browser, baseURL, viewport);
      await speak(page, viewer, 1, LINES);
      await expect.poll(async () => fullyInView(viewer, await lastSeq(viewer))).toBe(true);
      await expect(viewer.getByTestId('new-captions')).toHaveCount(0);
      // The controls are on the same screen: language, sound, summary, settings.
      for (const id of ['viewer-language', 'mute-toggle', 'generate-summary', 'viewer-settings']) {
        await expect(viewer.getByTestId(id)).toBeInViewport({ ratio: 1 });
      }
      // The captions take more than half of the screen's height, on a laptop too.
      const captions = await viewer.locator('.messages-card').boundingBox();
      expect(captions?.height ?? 0).toBeGreaterThanOrEqual(viewport.height * 0.6);
      await shot(viewer, `${LINES}-lines`);
      expect(await seriousViolations(viewer)).toEqual([]);
      await audience.close();
    },
  );

  test(
    `on a ${size} a viewer who scrolls back stays there, and 'New captions' brings the newest line back`,
    UI,
    async ({ page, browser, baseURL }) => {
      const { viewer, audience } = await hostAndViewer(page, browser, baseURL, viewport);
      await speak(page, viewer, 1, LINES);
      await expect.poll(async () => fullyInView(viewer, LINES)).toBe(true);

      const list = viewer.getByTestId('message-list');
      await list.hover();
      await viewer.mouse.wheel(0, -800);
      const button = viewer.getByRole('button', { name: 'New captions' });
      await expect(button).toBeVisible();
      await expect.poll(() => fullyInView(viewer, LINES)).toBe(false);
      // A line said meanwhile does not pull the reader down.
      const readingAt = await list.evaluate((el) => el.scrollTop);
      await speak(page, viewer, LINES + 1, LINES + 1);
      // Absence under test: the list must not scroll, so a (smooth) scroll is given time to start.
      await viewer.waitForTimeout(400);
      expect(await list.evaluate((el) => el.scrollTop)).toBe(readingAt);
      expect(await fullyInView(viewer, LINES + 1)).toBe(false);
      await shot(viewer, 'scrolled-back');

      await button.click();
      await expect.poll(() => fullyInView(viewer, LINES + 1)).toBe(true);
      await expect(button).toHaveCount(0);
      await expect(list).toBeFocused();
      // Following again: the next line comes into view by itself.
      await speak(page, viewer, LINES + 2, LINES + 2);
      await expect.poll(() => fullyInView(viewer, LINES + 2)).toBe(true);
      await audience.close();
    },
  );

  test(`on a ${size} the summary opens over the captions and closes back to them`, UI, async ({ page, browser, baseURL }) => {
    const { viewer, audience } = await hostAndViewer(page, browser, baseURL, viewport);
    await speak(page, viewer, 1, LINES);
    await expect.poll(() => fullyInView(viewer, LINES)).toBe(true);
    const list = viewer.getByTestId('message-list');
    const before = await list.boundingBox();

    await viewer.getByTestId('generate-summary').click();
    const sheet = viewer.getByRole('dialog', { name: 'Summary' });
    await expect(sheet).toBeVisible();
    await expect(viewer.getByTestId('summary-text')).toContainText('Summary of');
    await expect(viewer.getByTestId('summary-box')).toBeFocused();
    // Over the captions, which have not moved: the sheet covers part of them and lies within the screen.
    expect(await list.boundingBox()).toEqual(before);
    const over = await sheet.boundingBox();
    expect(over).not.toBeNull();
    if (!over || !before) return;
    expect(over.y).toBeLessThan(before.y + before.height);
    expect(over.y + over.height).toBeLessThanOrEqual(viewport.height + 1);
    expect(over.x).toBeGreaterThanOrEqual(0);
    expect(over.x + over.width).toBeLessThanOrEqual(viewport.width);
    expect(await viewer.evaluate(() => window.scrollY)).toBe(0);
    await shot(viewer, 'summary');
    expect(await seriousViolations(viewer)).toEqual([]);

    await viewer.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(viewer.getByTestId('generate-summary')).toBeFocused();
    await viewer.getByTestId('generate-summary').click();
    await expect(viewer.getByTestId('summary-box')).toBeFocused();
    await viewer.getByTestId('summary-box').getByRole('button', { name: 'Close summary' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(viewer.getByTestId('generate-summary')).toBeFocused();
    await expect.poll(() => fullyInView(viewer, LINES)).toBe(true);
    await audience.close();
  });
}

test('on a phone the settings set a larger caption size, kept for the next visit', UI, async ({ page, browser, baseURL }) => {
  const { viewer, audience } = await hostAndViewer(page, browser, baseURL, PHONE);
  // Nothing said yet: the summary says so over the captions, and Escape closes it.
  await viewer.getByTestId('generate-summary').click();
  await expect(viewer.getByRole('dialog', { name: 'Summary' }).getByRole('alert')).toHaveText('No translations to summarize');
  await shot(viewer, 'summary-empty');
  await viewer.keyboard.press('Escape');
  await expect(viewer.getByRole('dialog')).toHaveCount(0);
  await speak(page, viewer, 1, 3);
  const size = () =>
    viewer
      .getByTestId('translated-message')
      .last()
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  const normal = await size();
  await viewer.getByTestId('viewer-settings').click();
  await expect(viewer.getByTestId('viewer-settings')).toHaveAttribute('aria-expanded', 'true');
  await viewer.getByRole('radio', { name: 'Extra large' }).check();
  expect(await size()).toBeGreaterThan(normal * 1.3);
  await shot(viewer, 'settings');
  expect(await seriousViolations(viewer)).toEqual([]);
  await viewer.keyboard.press('Escape');
  await expect(viewer.getByTestId('settings-panel')).toHaveCount(0);
  await expect(viewer.getByTestId('viewer-settings')).toBeFocused();
  await viewer.reload();
  await expect(viewer.getByTestId('translated-message').first()).toBeVisible();
  expect(await size()).toBeGreaterThan(normal * 1.3);
  await audience.close();
});

test(
  'a late viewer on a phone: the catch-up offer and the newest line on one screen, the language list over the captions',
  UI,
  async ({ page, browser, baseURL }) => {
    const { roomId, viewer: early, audience: first } = await hostAndViewer(page, browser, baseURL, LAPTOP);
    await speak(page, early, 1, LINES);
    const { viewer, audience } = await openViewer(browser, baseURL, PHONE, roomId);
    await expect(viewer.getByTestId('translated-message')).toHaveCount(LINES);
    await expect(viewer.getByTestId('catch-up-offer')).toHaveAttribute('data-kind', 'late');
    await expect(viewer.getByTestId('catch-up')).toBeInViewport({ ratio: 1 });
    await expect.poll(() => fullyInView(viewer, LINES)).toBe(true);
    await shot(viewer, 'late-joiner');
    expect(await seriousViolations(viewer)).toEqual([]);

    await viewer.getByTestId('viewer-language').click();
    await expect(viewer.getByTestId('language-options')).toBeVisible();
    await expect(viewer.getByTestId('language-options')).toBeInViewport();
    await shot(viewer, 'language-list');
    await viewer.keyboard.press('Escape');

    await viewer.getByTestId('catch-up').click();
    await expect(viewer.getByRole('dialog', { name: 'What you missed' })).toBeVisible();
    await expect(viewer.getByTestId('summary-box')).toHaveAttribute('data-kind', 'catch-up');
    await expect(viewer.getByTestId('catch-up-offer')).toHaveCount(0);
    await viewer.keyboard.press('Escape');
    await expect.poll(() => fullyInView(viewer, LINES)).toBe(true);
    await audience.close();
    await first.close();
  },
);
