import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { hostAndInvite, LAPTOP, ownerWithRoom, PHONE, say } from './support/room-pages';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { llmUrl } from './support/llm';

const SHOTS = join(__dirname, '..', '..', 'test-results', 'screens');

/** A laptop browser reading Spanish, or with the interface chosen in English. */
async function newContext(browser: Browser, baseURL: string | undefined, locale?: 'en' | 'es'): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: LAPTOP, locale: 'es-ES' });
  await context.addInitScript(installFakeSpeechRecognition);
  if (locale) await context.addInitScript((value) => window.localStorage.setItem('lt.locale', value), locale);
  await context.grantPermissions(['microphone']);
  return context;
}

/** The viewer page at the phone's size, then the laptop's, the page's top (header and latest lines) in view. */
async function shotViewer(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const project = test.info().project.name;
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SHOTS, `${project}-${name}-${size}.png`), fullPage: true });
  }
}

test.beforeEach(async () => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
});

test('viewers read who says each line once a guest speaks, and the header names the current speaker and language', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerWithRoom(request, 'speakers', 'Two voices');
  const { roomId } = owner;
  const hostContext = await newContext(browser, baseURL);
  const host = await hostContext.newPage();
  const invite = await hostAndInvite(host, owner, 'en', 'Ana');
  const speakerContext = await newContext(browser, baseURL);
  const ana = await speakerContext.newPage();
  await ana.goto(invite);
  await ana.getByTestId('speaker-language').selectOption('es');
  await ana.getByTestId('speaker-join-button').click();
  await expect(ana.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');

  // A reader in English and one in a Spanish browser, both reading French.
  const viewerContext = await newContext(browser, baseURL, 'en');
  const viewer = await viewerContext.newPage();
  await viewer.goto(`/view/${roomId}?lang=fr`);
  const spanishContext = await newContext(browser, baseURL);
  const lector = await spanishContext.newPage();
  await lector.goto(`/view/${roomId}?lang=fr`);
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');
  const lines = viewer.getByTestId('translated-message');
  const names = viewer.getByTestId('message-speaker');
  const activity = viewer.getByTestId('host-activity');
  const language = viewer.getByTestId('speaker-language');

  // One person so far: the lines carry no name.
  await host.getByTestId('toggle-recording').click();
  await say(host, 'welcome everyone');
  await expect(lines).toHaveCount(1);
  await expect(names).toHaveCount(0);
  await expect(activity).toHaveText('Host speaking');
  await expect(language).toHaveText('Host language: English (US)');

  await ana.getByTestId('toggle-speaking').click();
  await say(ana, 'hola soy ana');
  await expect(lines).toHaveCount(2);
  await expect(names).toHaveText(['Host:', 'Ana:']);
  await expect(lines.nth(1)).toContainText('(fr) Hola soy ana');
  await expect(activity).toHaveText('Ana speaking');
  await expect(language).toHaveText('Ana’s language: Español');
  await expect(lector.getByTestId('message-speaker')).toHaveText(['Anfitrión:', 'Ana:']);
  // In Spanish; Ana may have gone quiet by now on a slow machine.
  await expect(lector.getByTestId('host-activity')).toHaveText(/^(Habla Ana|Ana en silencio)$/);
  await expect(lector.getByTestId('speaker-language')).toHaveText('Idioma de Ana: Español');
  // The name is the start of its line, inside the one log region.
  await expect(viewer.getByRole('log').getByTestId('message-speaker')).toHaveCount(2);
  await shotViewer(viewer, 'viewer-two-speakers-ana');

  await say(host, 'thank you ana');
  await expect(lines).toHaveCount(3);
  await expect(names).toHaveText(['Host:', 'Ana:', 'Host:']);
  await expect(activity).toHaveText('Host speaking');
  await expect(language).toHaveText('Host language: English (US)');
  // The host's log names the guest's line, not its own.
  await expect(host.getByTestId('entry-speaker')).toHaveText(['Ana']);
  await shotViewer(viewer, 'viewer-two-speakers-host');

  await Promise.all([hostContext, speakerContext, viewerContext, spanishContext].map((context) => context.close()));
});
