import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { setAsrScript } from './support/asr';
import { llmUrl } from './support/llm';
import { LAPTOP, shotBoth, startedQuickRoom } from './support/room-pages';
import { shots } from './support/screens';
import { speakToWav } from './support/spoken-audio';

/**
 * The venue's feed through the stack as it runs: espeak-ng speaks a WAV, ffmpeg sends it as an encoder would, over
 * RTMP (FLV, AAC, the key as the stream name) and over SRT (MPEG-TS, the key as the stream id), to the addresses the
 * host page shows; asr-svc decodes it and the stack's fake provider answers the file's words, which reach the host's
 * log and, translated, a French viewer.
 */
const WORDS = 'Good morning everyone and welcome to the venue.';
const WAV = speakToWav(WORDS, 'said-by-the-venue');
const SAID = /good morning everyone and welcome to the venue/i;

/** ffmpeg sending the WAV at real time to `url`, as OBS would. */
function encoder(url: string, format: 'flv' | 'mpegts', extra: string[] = []): ChildProcess {
  return spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-re', ...extra, '-i', WAV, '-c:a', 'aac', '-f', format, url], {
    stdio: 'ignore',
  });
}
const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

/** Opens the host page's venue panel and makes the room's stream key: the encoder URLs, shown this once. */
async function makeKey(page: Page): Promise<{ rtmp: string; srt: string }> {
  await page.getByTestId('venue-feed-panel').locator('summary').click();
  await expect(page.getByTestId('ingest-rtmp-address')).toHaveText(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
  await page.getByTestId('ingest-rotate').click();
  const rtmp = (await page.getByTestId('ingest-rtmp-url').textContent()) ?? '';
  const srt = (await page.getByTestId('ingest-srt-url').textContent()) ?? '';
  return { rtmp, srt };
}

test.beforeEach(async () => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
  await setAsrScript([WORDS]);
});

test('the AV desk sends the room over RTMP and then SRT with the key the host page shows; a French viewer reads it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOP);
  const roomId = await startedQuickRoom(page, 'en');
  const { rtmp, srt } = await makeKey(page);
  expect(rtmp).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live\/[A-Za-z0-9_-]{32}$/);
  const viewer = await (await browser.newContext({ baseURL, viewport: LAPTOP })).newPage();
  await viewer.goto(`/view/${roomId}?lang=fr`);
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');

  const overRtmp = encoder(rtmp, 'flv', ['-stream_loop', '1']);
  const status = page.getByTestId('feed-status');
  await expect(status).toHaveClass(/feed-receiving/, { timeout: 20_000 });
  await expect(page.getByTestId('transcript-entry').first()).toContainText(SAID, { timeout: 30_000 });
  await expect(page.getByTestId('entry-speaker').first()).toHaveText(/venue feed/i);
  await expect(viewer.locator('[data-testid="translated-message"] .message-text').first()).toContainText(SAID, { timeout: 20_000 });
  await shots(page, 'venue-feed-receiving');
  expect(await exited(overRtmp)).toBe(0);
  await expect(status).toHaveClass(/feed-lost/, { timeout: 10_000 });

  // The same key over SRT: the host's log gets the sentence again.
  const before = await page.getByTestId('transcript-entry').count();
  const overSrt = encoder(srt, 'mpegts');
  await expect(status).toHaveClass(/feed-receiving/, { timeout: 20_000 });
  await expect(page.getByTestId('transcript-entry')).toHaveCount(before + 1, { timeout: 30_000 });
  expect(await exited(overSrt)).toBe(0);
});

test('a new key made on the host page cuts the encoder at once; the old key opens nothing', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(LAPTOP);
  await startedQuickRoom(page, 'en');
  const { rtmp } = await makeKey(page);
  const looping = encoder(rtmp, 'flv', ['-stream_loop', '-1']);
  await expect(page.getByTestId('feed-status')).toHaveClass(/feed-receiving/, { timeout: 20_000 });

  await page.getByTestId('ingest-rotate').click();
  await shotBoth(page, 'ingest-rotate-dialog');
  await page.getByRole('alertdialog', { name: 'Make a new stream key?' }).getByRole('button', { name: 'Make a new key' }).click();
  await expect(page.getByTestId('feed-status')).toHaveClass(/feed-lost/, { timeout: 5_000 });
  expect(await exited(looping)).not.toBe(0);
  expect(await exited(encoder(rtmp, 'flv'))).not.toBe(0);
  await expect(page.getByTestId('ingest-rtmp-url')).not.toHaveText(rtmp);
});
