import { expect, test, type Page } from '@playwright/test';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { quickRoom, shotBoth } from './support/room-pages';
import { llmUrl } from './support/llm';

/** The host's recogniser hears `text`: an interim result, or the final one. */
async function hear(page: Page, text: string, isFinal: boolean): Promise<void> {
  await expect.poll(() => page.evaluate(() => (window as unknown as { __speech: { listening(): number } }).__speech.listening())).toBe(1);
  await page.evaluate(
    ([t, f]) => (window as unknown as { __speech: { say(t: string, c: number, f: boolean): number } }).__speech.say(t, 0.95, f),
    [text, isFinal] as [string, boolean],
  );
}

test.beforeEach(async ({ context }) => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
  // Like a real model: the first token after 300 ms, then 30 tokens a second.
  await fetch(`${llmUrl()}/__pace`, { method: 'POST', body: JSON.stringify({ firstTokenMs: 300, tokensPerSecond: 30 }) });
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
});

test.afterEach(async () => {
  await fetch(`${llmUrl()}/__pace`, { method: 'POST', body: '{}' });
});

test('a French viewer reads translated words while the host is still speaking, then the final line in their place', async ({
  page,
  context,
}) => {
  const roomId = await quickRoom(page);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('fast-captions')).toBeChecked();
  await page.getByTestId('input-language').selectOption('es');
  await page.getByTestId('enhance-mode').uncheck();
  await page.getByTestId('toggle-room').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');

  const fr = await context.newPage();
  await fr.goto(`/view/${roomId}?lang=fr`);
  await expect(fr.getByTestId('viewer-status')).toHaveText('Live');
  await page.getByTestId('toggle-recording').click();
  await expect(page.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'true');

  await hear(page, 'Hola a todos y bienvenidos a la conferencia', false);
  // The interim line translated, its last two words held back; nothing is final yet.
  const provisional = fr.getByTestId('interim-translation');
  await expect(provisional).toHaveText(/\(fr\) Hola a todos y bienvenidos a$/);
  await expect(provisional).toHaveAttribute('lang', 'fr');
  await expect(provisional).toHaveAttribute('aria-hidden', 'true');
  await expect(fr.getByTestId('translated-message')).toHaveCount(0);
  await expect(fr.getByTestId('interim-line')).toHaveCount(0);
  await shotBoth(fr, 'fast-captions-provisional');
  // The host's page counts what it costs.
  await expect(page.getByTestId('fast-captions-cost')).not.toHaveText(/: 0 tokens/);

  await hear(page, 'Hola a todos y bienvenidos a la conferencia de hoy', true);
  await expect(fr.locator('[data-testid="translated-message"] .message-text')).toHaveText([
    '(fr) Hola a todos y bienvenidos a la conferencia de hoy',
  ]);
  await expect(fr.getByTestId('interim-translation')).toHaveCount(0);
  await expect(fr.getByTestId('partial-line')).toHaveCount(0);
  await shotBoth(fr, 'fast-captions-final');
  await shotBoth(page, 'fast-captions-host');
});

test('with Fast captions off the viewer reads the interim line untranslated until the final', async ({ page, context }) => {
  const roomId = await quickRoom(page);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('fast-captions').uncheck();
  await expect(page.getByTestId('fast-captions')).not.toBeChecked();
  await page.getByTestId('input-language').selectOption('es');
  await page.getByTestId('toggle-room').click();
  const fr = await context.newPage();
  await fr.goto(`/view/${roomId}?lang=fr`);
  await expect(fr.getByTestId('viewer-status')).toHaveText('Live');
  await page.getByTestId('toggle-recording').click();

  await hear(page, 'Buenas tardes a todas las personas presentes', false);
  await expect(fr.getByTestId('interim-line')).toContainText('Buenas tardes a todas');
  // The final, said after it, marks the end: the interim line's translation would have been asked before it.
  await hear(page, 'Buenas tardes a todas las personas presentes hoy', true);
  await expect(fr.getByTestId('translated-message')).toHaveCount(1);
  await expect(fr.getByTestId('interim-translation')).toHaveCount(0);
  const { calls } = (await (await fetch(`${llmUrl()}/__calls`)).json()) as { calls: { user: string; task: string }[] };
  // One translation asked: the final's (improved first by Enhance Mode), none for the interim line.
  expect(calls.filter((c) => c.task === 'translation').map((c) => c.user)).toEqual([expect.stringContaining('presentes hoy')]);
});
