import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { LAPTOP } from './support/room-pages';

const PHONE_390 = { width: 390, height: 844 };
const SHOTS = join(__dirname, '..', '..', 'test-results', 'screens');

test.beforeEach(async ({ context }) => {
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
});

/** What of the bar does not show whole: a label clipped or hidden, the language box's placeholder cut, the page wider than the screen. */
function cramped(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const input = document.querySelector<HTMLInputElement>('[data-testid="viewer-language"]');
    if (input) {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const text = input.value || input.placeholder;
      if (context.measureText(text).width > room) problems.push(`language box cuts "${text}"`);
    }
    for (const button of Array.from(document.querySelectorAll<HTMLElement>('.viewer-bar-actions .btn-bar'))) {
      const label = button.querySelector<HTMLElement>('.bar-label');
      const box = label?.getBoundingClientRect();
      if (!label || !box || box.width < 20 || box.height < 8 || label.scrollWidth > label.clientWidth)
        problems.push(`no visible label on ${button.dataset.testid}`);
      const outer = button.getBoundingClientRect();
      if (outer.right > window.innerWidth || outer.left < 0) problems.push(`${button.dataset.testid} off screen`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push('page wider than the screen');
    return problems;
  });
}

for (const locale of ['en-US', 'es-ES']) {
  test(`a phone viewer's toolbar (${locale}) names every control in words and shows the language box whole at 390 px`, async ({
    page,
    browser,
    baseURL,
    request,
  }, info) => {
    const email = `toolbar-${info.project.name}-${locale}-${Date.now().toString(36)}-${info.retry}@example.com`;
    const signup = await request.post('/api/auth/signup', { data: { email, password: 'toolbar-pass-1', name: 'Tia Toolbar' } });
    const token = ((await signup.json()) as { session: { access_token: string } }).session.access_token;
    const created = await request.post('/api/rooms', {
      data: { name: 'Town hall', source_language: 'es' },
      headers: { authorization: `Bearer ${token}` },
    });
    const { room, hostKey } = (await created.json()) as { room: { id: string }; hostKey: string };
    await page.setViewportSize(LAPTOP);
    await page.goto(`/room/${room.id}#key=${hostKey}`);
    await page.getByTestId('input-language').selectOption('es');
    await page.getByTestId('toggle-room').click();
    await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
    await page.getByTestId('questions-switch').check();

    const audience = await browser.newContext({ baseURL, viewport: PHONE_390, locale });
    const viewer = await audience.newPage();
    await viewer.goto(`/view/${room.id}`);
    await expect(viewer.getByTestId('viewer-status')).toHaveAttribute('data-state', 'live');
    const bar = viewer.locator('.viewer-bar-actions .btn-bar');
    await expect(bar).toHaveCount(5);
    await expect(viewer.getByTestId('questions-open')).toHaveText(locale === 'en-US' ? 'Questions' : 'Preguntas');
    expect(await cramped(viewer)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await viewer.screenshot({ path: join(SHOTS, `${info.project.name}-viewer-toolbar-${locale}-phone.png`) });
    await viewer.getByTestId('viewer-language').fill('fr');
    await viewer.getByTestId('language-option').first().click();
    expect(await cramped(viewer)).toEqual([]);
    await viewer.setViewportSize(LAPTOP);
    expect(await cramped(viewer)).toEqual([]);
    await viewer.screenshot({ path: join(SHOTS, `${info.project.name}-viewer-toolbar-${locale}-laptop.png`) });
    await audience.close();
  });
}
