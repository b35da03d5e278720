import { expect, test, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { asrAudio, asrSessions, setAsrScript } from './support/asr';
import { llmUrl } from './support/llm';
import { hostAndInvite, LAPTOP, ownerWithRoom, startedQuickRoom } from './support/room-pages';
import { envelope, envelopeMatch, readWav, speakToWav } from './support/spoken-audio';

/**
 * Speech recognised on the server, through the stack as it runs: espeak-ng speaks a WAV, Chromium plays it as
 * the microphone, the page streams it on `/ws/audio` to the real gateway, which sends it over the bus to
 * asr-svc, which sends it to the stack's fake provider (Deepgram's protocol, serve.mjs). The fake checks
 * nothing itself: the test asks it for the envelope of what it heard, which must follow the file's, and its
 * answer (the file's words) must reach the host's log and, translated, a French viewer. Nothing here stands
 * in for a socket of the product.
 */
const WORDS = 'Welcome everyone to the opening of the conference.';
const WAV = speakToWav(WORDS, 'said-to-the-server');

test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--use-file-for-fake-audio-capture=${WAV}%noloop`] },
});

test.beforeEach(async () => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
  await setAsrScript([WORDS]);
});

/** What the provider heard of the sessions opened since `before`: its envelope follows the file's. */
async function expectProviderHeardTheFile(before: number): Promise<void> {
  const sessions = (await asrSessions()).filter((s) => s.id >= before);
  expect(sessions.length).toBeGreaterThan(0);
  const session = sessions[0];
  expect(session.protocol).toBe('deepgram');
  expect(session.query).toMatchObject({ encoding: ['linear16'], sample_rate: ['16000'], channels: ['1'] });
  expect(session.finals.join(' ')).toContain('Welcome everyone');
  const heard = await asrAudio(session.id);
  const file = envelope(readWav(WAV), heard.frameMs);
  const match = envelopeMatch(file, heard.envelope, 100);
  test
    .info()
    .annotations.push({ type: 'envelope', description: `r=${match.correlation.toFixed(3)} offset=${match.lagFrames * heard.frameMs} ms` });
  expect(match.correlation).toBeGreaterThan(0.8);
  // The same audio backwards has the file's energy, not its shape over time.
  expect(envelopeMatch([...file].reverse(), heard.envelope, 100).correlation).toBeLessThan(match.correlation - 0.2);
}

async function frenchViewer(browser: Browser, baseURL: string | undefined, roomId: string): Promise<Page> {
  const viewer = await (await browser.newContext({ baseURL, viewport: LAPTOP })).newPage();
  await viewer.goto(`/view/${roomId}?lang=fr`);
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');
  return viewer;
}

const SAID = /welcome everyone to the opening of the conference/i;
const TRANSLATED = /\(fr\) welcome everyone to the opening of the conference/i;

test('the host speaks into the microphone, the server recognises it, and a French viewer reads it', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['microphone']);
  await page.setViewportSize(LAPTOP);
  const roomId = await startedQuickRoom(page, 'en');
  // The stack has a provider: on the server is the default.
  await expect(page.getByTestId('recognition-server')).toBeChecked();
  const viewer = await frenchViewer(browser, baseURL, roomId);

  const before = (await asrSessions()).length;
  await page.getByTestId('enhance-mode').uncheck();
  await page.getByTestId('toggle-recording').click();
  await expect(page.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'true');

  await expect(page.getByTestId('transcript-entry').first()).toContainText(SAID, { timeout: 30_000 });
  await expect(viewer.locator('[data-testid="translated-message"] .message-text').first()).toContainText(TRANSLATED, { timeout: 20_000 });
  // Stored once: the host's log holds the sentence the provider said once.
  await expect(page.getByTestId('transcript-entry')).toHaveCount(1);
  await page.getByTestId('toggle-recording').click();
  await expect(page.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'false');
  await expectProviderHeardTheFile(before);
});

test('a co-host speaker speaks into the microphone, the server recognises it, and a French viewer reads it', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerWithRoom(request, 'asr-speaker', 'Heard on the server');
  const host = await (await browser.newContext({ baseURL, viewport: LAPTOP })).newPage();
  const invite = await hostAndInvite(host, owner, 'en', 'Ana');

  const speakerContext = await browser.newContext({ baseURL, viewport: LAPTOP });
  await speakerContext.grantPermissions(['microphone']);
  const ana = await speakerContext.newPage();
  await ana.goto(invite);
  await ana.getByTestId('speaker-language').selectOption('en');
  await ana.getByTestId('speaker-join-button').click();
  await expect(ana.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await expect(ana.getByTestId('recognition-server')).toBeChecked();
  const viewer = await frenchViewer(browser, baseURL, owner.roomId);

  const before = (await asrSessions()).length;
  await ana.getByTestId('toggle-speaking').click();
  await expect(ana.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'true');
  await expect(ana.getByTestId('transcript-entry').first()).toContainText(SAID, { timeout: 30_000 });
  // The host's page hears the speaker's sentence too, and the viewer reads it in French.
  await expect(host.getByTestId('transcript-entry').first()).toContainText(SAID);
  await expect(viewer.locator('[data-testid="translated-message"] .message-text').first()).toContainText(TRANSLATED, { timeout: 20_000 });
  await ana.getByTestId('toggle-speaking').click();
  await expect(ana.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'false');
  await expectProviderHeardTheFile(before);
});
