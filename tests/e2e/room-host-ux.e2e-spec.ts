import { expect, test } from '@playwright/test';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { endRoom, LAPTOP, quickRoom, routeLiveSocket, say, shotBoth } from './support/room-pages';
import { shots } from './support/screens';

test.use({ viewport: LAPTOP });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
});

test('during a slow first connection Start Room waits, the language chosen meanwhile is kept and the room starts in it', async ({
  page,
  browser,
  baseURL,
}) => {
  const socket = await routeLiveSocket(page, { hold: true });
  const roomId = await quickRoom(page);
  const start = page.getByTestId('toggle-room');
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connecting');
  await expect(start).toBeDisabled();
  await expect(start).toHaveText('Connecting...');
  await page.getByTestId('input-language').selectOption('fr');
  await shotBoth(page, 'host-first-connection');
  socket.release();

  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('input-language')).toHaveValue('fr');
  await expect(start).toHaveText('Start Room');
  await start.click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await page.getByTestId('toggle-recording').click();
  await expect(page.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'true');
  await expect(page.getByText('Please select a language first')).toHaveCount(0);
  await expect(page.getByText('Not connected to server')).toHaveCount(0);

  const audience = await browser.newContext({ baseURL });
  const viewer = await audience.newPage();
  await viewer.goto(`/view/${roomId}?lang=en`);
  await expect(viewer.getByTestId('host-language')).toHaveText('Français');
  await audience.close();
});

test("a new room's input language starts on the browser's, said to be a suggestion the host may change", async ({ page }) => {
  await quickRoom(page);
  const select = page.getByTestId('input-language');
  await expect(select).toHaveValue('en');
  await expect(page.getByTestId('input-language-hint')).toHaveText(
    "Your browser's language, as a suggestion: pick the one you will speak.",
  );
  // "Show QR full screen" on one line (a one-line button is 42 px high).
  expect(await page.getByTestId('qr-fullscreen').evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(44);
  await shots(page, 'host-suggested-language');
  await select.selectOption('fr');
  await expect(page.getByTestId('input-language-hint')).toHaveCount(0);
  await page.getByTestId('toggle-room').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('input-language')).toHaveValue('fr');
});

test('a room is not started without its input language', async ({ page }) => {
  // A browser in a language no host may speak (Klingon): nothing to suggest.
  await page.addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['tlh'] }));
  await quickRoom(page);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('toggle-room').click();
  await expect(page.getByRole('alert')).toHaveText('Please select your input language first');
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'false');
});

test('End Room asks in the page before ending the session for every viewer, then leads to what the room leaves; Stop Recording pauses in one click', async ({
  page,
  browser,
  baseURL,
}) => {
  const roomId = await quickRoom(page);
  await page.getByTestId('input-language').selectOption('es');
  await page.getByTestId('toggle-room').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  const audience = await browser.newContext({ baseURL });
  const viewer = await audience.newPage();
  await viewer.goto(`/view/${roomId}?lang=en`);
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');

  await page.getByTestId('toggle-recording').click();
  await expect(page.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'true');
  await say(page, 'Hola a todos, empezamos');
  await expect(viewer.getByTestId('translated-message')).toHaveCount(1);
  await shotBoth(page, 'host-active');
  await page.getByTestId('toggle-recording').click();
  await expect(page.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'false');
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');

  // One End Room, explained where it stands, asked in the page's own dialog (never the browser's confirm()).
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await expect(page.getByTestId('toggle-room')).toHaveCount(0);
  await expect(page.getByText('To pause only, use Stop Recording.')).toBeVisible();
  await page.getByTestId('end-room').click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('End the room for everyone?');
  await shotBoth(page, 'host-end-dialog');
  await ask.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  // A line said after the cancel marks the end: an end of the room would have reached the viewer before it.
  await page.getByTestId('toggle-recording').click();
  await say(page, 'Seguimos');
  await expect(viewer.getByTestId('translated-message')).toHaveCount(2);
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');
  await page.getByTestId('toggle-recording').click();
  await expect(page.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'false');

  await endRoom(page);
  expect(dialogs).toEqual([]);
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Session ended');
  await expect(page).toHaveURL(new RegExp(`/room/${roomId}`));
  await expect(page.getByTestId('room-status-badge')).toHaveText('Ended');
  await expect(page.getByTestId('analytics-report')).toBeVisible();
  await page.getByTestId('ended-summary').click();
  await expect(page.getByTestId('ended-summary-text')).not.toBeEmpty();
  await page.getByTestId('room-transcript-open').click();
  await expect(page.getByTestId('room-transcript')).toBeVisible();
  await page.keyboard.press('Escape');
  await shotBoth(page, 'host-ended');

  // Coming back later: the page still says the room ended, and can open it again.
  await page.reload();
  await expect(page.getByTestId('room-ended')).toBeVisible();
  await expect(page.getByTestId('room-status-badge')).toHaveText('Ended');
  await expect(page.getByTestId('toggle-room')).toHaveCount(0);
  await page.getByTestId('reopen-room').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');
  await audience.close();
});
