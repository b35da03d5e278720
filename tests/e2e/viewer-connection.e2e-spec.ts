import { expect, test, type Page } from '@playwright/test';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { quickRoom, say, shotBoth } from './support/room-pages';

/** The phone in the audience of the issue: 390 × 844. */
const PHONE = { width: 390, height: 844 };

test.beforeEach(async ({ context }) => {
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
});

/** A live room whose host has said `lines` sentences in Spanish; its id. */
async function roomWithLines(host: Page, lines: number): Promise<string> {
  const roomId = await quickRoom(host);
  await host.getByTestId('input-language').selectOption('es');
  await host.getByTestId('toggle-room').click();
  await expect(host.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await host.getByTestId('enhance-mode').uncheck();
  await host.getByTestId('toggle-recording').click();
  for (let n = 1; n <= lines; n += 1) await say(host, `Frase número ${n} de la charla`);
  await expect(host.getByTestId('transcript-entry')).toHaveCount(lines);
  return roomId;
}

test('a phone that goes offline says so within 2 s, and that the missed lines will follow', async ({ page, browser, baseURL }) => {
  const roomId = await roomWithLines(page, 1);
  const audience = await browser.newContext({ baseURL, viewport: PHONE, locale: 'en-US' });
  await audience.addInitScript(() => window.localStorage.getItem('lt.locale') ?? window.localStorage.setItem('lt.locale', 'en'));
  const viewer = await audience.newPage();
  await viewer.goto(`/view/${roomId}?lang=en`);
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');
  await expect(viewer.getByTestId('connection-notice')).toHaveCount(0);

  await audience.setOffline(true);
  await expect(viewer.getByTestId('connection-notice')).toHaveText("You're offline — missed lines will follow.", { timeout: 2_000 });
  await shotBoth(viewer, 'viewer-offline');
  await say(page, 'Frase dicha mientras el teléfono no tenía red');
  await audience.setOffline(false);
  await expect(viewer.getByTestId('connection-notice')).toHaveCount(0, { timeout: 10_000 });
  await expect(viewer.getByTestId('translated-message')).toHaveCount(2);
  await audience.close();
});

test('a late joiner in a new language sees the earlier lines loading, then the lines', async ({ page, browser, baseURL }) => {
  const roomId = await roomWithLines(page, 3);
  const audience = await browser.newContext({ baseURL, viewport: PHONE, locale: 'en-US' });
  await audience.addInitScript(() => window.localStorage.getItem('lt.locale') ?? window.localStorage.setItem('lt.locale', 'en'));
  const viewer = await audience.newPage();
  // The history takes its time to be translated: its frames are held 3 s here.
  await viewer.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      const held = typeof message === 'string' && message.includes('"type":"translation"');
      if (held) setTimeout(() => ws.send(message), 3_000);
      else ws.send(message);
    });
  });
  await viewer.goto(`/view/${roomId}?lang=de`);
  await expect(viewer.getByTestId('history-loading')).toHaveText('Loading what was said before you arrived, in your language…');
  await expect(viewer.getByText('Translations will appear here when the host speaks.')).toHaveCount(0);
  await shotBoth(viewer, 'viewer-history-loading');
  await expect(viewer.getByTestId('translated-message')).toHaveCount(3, { timeout: 15_000 });
  await expect(viewer.getByTestId('history-loading')).toHaveCount(0);
  await audience.close();
});
