import { expect, test } from '@playwright/test';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { LAPTOP, PHONE, quickRoom, routeLiveSocket, say, shotBoth } from './support/room-pages';
import { llmUrl } from './support/llm';

test.use({ viewport: LAPTOP });

/**
 * How long each network outage lasts: past the client's first retries (within 0.5 s, then after 1 s and 2 s:
 * apps/web/src/modules/live/connection-watch.ts) and into the back-off at its cap (4 s), so that the page waits on
 * a long back-off when the network returns; and past the heartbeat's two seconds to notice a silent socket.
 */
const OUTAGE_MS = 6_000;

test.beforeEach(async ({ context }) => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
});

test('an outage shows on both badges within 2 s, and both are back within 3 s of the network', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const hostSocket = await routeLiveSocket(page);
  const roomId = await quickRoom(page);
  await page.getByTestId('input-language').selectOption('es');
  await page.getByTestId('toggle-room').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await page.getByTestId('enhance-mode').uncheck();
  await page.getByTestId('toggle-recording').click();

  // A phone in the audience, in its own browser.
  const audience = await browser.newContext({ baseURL, viewport: PHONE });
  const viewer = await audience.newPage();
  await viewer.goto(`/view/${roomId}?lang=fr`);
  const viewerBadge = viewer.getByTestId('viewer-status');
  await expect(viewerBadge).toHaveText('Live');
  await say(page, 'Antes del corte');
  await expect(viewer.locator('[data-testid="translated-message"] .message-text')).toHaveText(['(fr) Antes del corte']);

  // The viewer's network goes (OUTAGE_MS); the host goes on speaking.
  await audience.setOffline(true);
  await expect(viewerBadge).toHaveText('Reconnecting…', { timeout: 2_000 });
  await shotBoth(viewer, 'viewer-reconnecting');
  await say(page, 'Durante el corte');
  // Time under test: the outage lasts longer than the socket's heartbeat and the client's first retries.
  await viewer.waitForTimeout(OUTAGE_MS);
  await expect(viewerBadge).toHaveText('Reconnecting…');
  await audience.setOffline(false);
  await expect(viewerBadge).toHaveText('Live', { timeout: 3_000 });
  await expect(viewer.locator('[data-testid="translated-message"] .message-text')).toHaveText([
    '(fr) Antes del corte',
    '(fr) Durante el corte',
  ]);

  // The host's socket is lost without the network going: the badge says so and the page is back at once.
  const hostBadge = page.getByTestId('connection-status');
  await hostSocket.drop();
  await expect(hostBadge).toHaveText('Reconnecting…', { timeout: 2_000 });
  await expect(hostBadge).toHaveText('Connected', { timeout: 3_000 });

  // The host's network goes: lines spoken meanwhile wait, and are stored once it is back.
  await context.setOffline(true);
  await expect(hostBadge).toHaveText('Reconnecting…', { timeout: 2_000 });
  await shotBoth(page, 'host-reconnecting');
  await say(page, 'Sin red');
  // Time under test: the host stays offline as long while its lines wait in the outbox.
  await page.waitForTimeout(OUTAGE_MS);
  await context.setOffline(false);
  await expect(hostBadge).toHaveText('Connected', { timeout: 3_000 });
  await expect(page.locator('[data-testid="transcript-entry"][data-state="acked"]')).toHaveCount(3);
  await expect(viewer.locator('[data-testid="translated-message"] .message-text')).toHaveText([
    '(fr) Antes del corte',
    '(fr) Durante el corte',
    '(fr) Sin red',
  ]);
  await audience.close();
});
