import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { llmUrl } from './support/llm';

const SHOTS = join(__dirname, '..', '..', 'test-results', 'screens');

interface LlmCall {
  user: string;
  target: string | null;
}

async function llmCalls(): Promise<LlmCall[]> {
  const res = await fetch(`${llmUrl()}/__calls`);
  return ((await res.json()) as { calls: LlmCall[] }).calls;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${test.info().project.name}-${name}.png`), fullPage: true });
}

/** A share link, shown either as a read-only input or as text. */
function linkOf(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((el) => (el instanceof HTMLInputElement ? el.value : (el.textContent ?? '')));
}

/** What viewers read, without each message's time. */
function texts(page: Page) {
  return page.locator('[data-testid="translated-message"] .message-text');
}

async function say(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => (window as unknown as { __speech: { listening(): number } }).__speech.listening())).toBe(1);
  await page.evaluate(
    (t) => (window as unknown as { __speech: { say(t: string, c: number, f: boolean): number } }).__speech.say(t, 0.95, true),
    text,
  );
}

test.beforeEach(async ({ context }) => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
});

test('a host speaks and two viewers read it in French and German, one LLM call per language', async ({ page, context, baseURL }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'AI Translation Rooms' })).toBeVisible();
  await shot(page, 'landing');
  await page.getByTestId('room-name-input').fill('Opening keynote');
  await page.getByTestId('create-room').click();
  await expect(page).toHaveURL(/\/room\/[0-9a-f-]{36}\?name=Opening%20keynote/);
  const roomId = new URL(page.url()).pathname.split('/').pop() as string;

  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('input-language').selectOption('es');
  // Starting the room goes over the socket: the host waits until it is connected, as the page shows.
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('toggle-room').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await expect.poll(() => linkOf(page, 'viewer-link')).toContain(`/view/${roomId}`);
  expect(await linkOf(page, 'viewer-link')).not.toContain('key=');
  await expect(page.getByTestId('host-link')).toHaveCount(0);
  await page.getByTestId('reveal-host-link').click();
  expect(await linkOf(page, 'host-link')).toMatch(/#key=[\w-]{40,}/);

  const fr = await context.newPage();
  const de = await context.newPage();
  await fr.goto(`/view/${roomId}?lang=fr&name=Opening%20keynote`);
  await de.goto(`/view/${roomId}?lang=de&name=Opening%20keynote`);
  await expect(fr.getByTestId('viewer-status')).toHaveText('Live');
  await expect(de.getByTestId('viewer-status')).toHaveText('Live');

  // Translations only: Enhance Mode and its calls have their own suite (live-room-complete).
  await page.getByTestId('enhance-mode').uncheck();
  await page.getByTestId('toggle-recording').click();
  await expect(page.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'true');
  await say(page, 'Hola a todos');
  await expect(page.locator('[data-testid="transcript-entry"][data-state="acked"]')).toHaveCount(1);
  await expect(texts(fr)).toHaveText(['(fr) Hola a todos']);
  await expect(texts(de)).toHaveText(['(de) Hola a todos']);
  expect((await llmCalls()).map((c) => c.target).sort()).toEqual(['de', 'fr']);

  await say(page, 'Bienvenidos a la conferencia');
  await expect(fr.getByTestId('translated-message')).toHaveCount(2);
  await expect(de.getByTestId('translated-message')).toHaveCount(2);
  const calls = await llmCalls();
  expect(calls).toHaveLength(4);
  expect(
    calls
      .filter((c) => c.user === 'Bienvenidos a la conferencia')
      .map((c) => c.target)
      .sort(),
  ).toEqual(['de', 'fr']);
  await shot(page, 'host');
  await shot(fr, 'viewer-fr');

  await fr.reload();
  await expect(fr.getByTestId('viewer-status')).toHaveText('Live');
  await expect(texts(fr)).toHaveText(['(fr) Hola a todos', '(fr) Bienvenidos a la conferencia']);
  // A line said after the reload marks the end of its catch-up: a line brought twice would show before it.
  await say(page, 'Gracias');
  await expect(texts(fr)).toHaveText(['(fr) Hola a todos', '(fr) Bienvenidos a la conferencia', '(fr) Gracias']);
  await expect(texts(de)).toHaveCount(3);
  expect((await llmCalls()).map((c) => `${c.target} ${c.user}`).sort()).toEqual(
    ['Hola a todos', 'Bienvenidos a la conferencia', 'Gracias'].flatMap((t) => [`de ${t}`, `fr ${t}`]).sort(),
  );
  expect(baseURL).toBeTruthy();
});

test('the viewer link cannot host the room', async ({ page, browser }) => {
  await page.goto('/');
  await page.getByTestId('create-room').click();
  await expect(page).toHaveURL(/\/room\//);
  const roomPath = new URL(page.url()).pathname;

  const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await stranger.newPage();
  await other.goto(roomPath);
  await expect(other.getByText('This link does not let you host this room.')).toBeVisible();
  await expect(other.getByTestId('toggle-room')).toHaveCount(0);
  await shot(other, 'host-without-key');
  await stranger.close();
});

test('a sentence whose ack was lost is resent after the reconnect and stored once', async ({ page, context }) => {
  let connections = 0;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const attempt = ++connections;
    const server = ws.connectToServer();
    server.onMessage((message) => {
      const frame = JSON.parse(String(message));
      if (attempt === 1 && frame.type === 'ack') {
        // The server stored the sentence, but the connection drops before the host hears about it.
        ws.close({ code: 1012, reason: 'test: connection lost' });
        return;
      }
      ws.send(message);
    });
  });

  await page.goto('/');
  await page.getByTestId('create-room').click();
  await expect(page).toHaveURL(/\/room\//);
  const roomId = new URL(page.url()).pathname.split('/').pop() as string;
  await page.getByTestId('input-language').selectOption('es');
  // Starting the room goes over the socket: the host waits until it is connected, as the page shows.
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('toggle-room').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  const viewer = await context.newPage();
  await viewer.goto(`/view/${roomId}?lang=fr`);
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');

  await page.getByTestId('enhance-mode').uncheck();
  await page.getByTestId('toggle-recording').click();
  await say(page, 'Esta frase no se pierde');
  await expect(page.locator('[data-testid="transcript-entry"][data-state="acked"]')).toHaveCount(1, { timeout: 20_000 });
  expect(connections).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('transcript-entry')).toHaveCount(1);
  await expect(page.getByTestId('transcript-entry').first()).toHaveAttribute('data-seq', '1');
  await expect(texts(viewer)).toHaveText(['(fr) Esta frase no se pierde']);
  // The next line marks the end: the line sent again would show a second time before it.
  await say(page, 'Y esta tampoco');
  await expect(texts(viewer)).toHaveText(['(fr) Esta frase no se pierde', '(fr) Y esta tampoco']);
  expect((await llmCalls()).filter((c) => c.user === 'Esta frase no se pierde')).toHaveLength(1);
});
