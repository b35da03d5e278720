import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E } from './ports.mjs';
import { setAsrScript } from './support/asr';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { startedQuickRoom } from './support/room-pages';
import { envelope, envelopeMatch, pcmFromBytes, readWav, speakToWav } from './support/spoken-audio';

/**
 * Real audio through the host page: espeak-ng speaks a WAV, Chromium plays it as the microphone, the page's
 * AudioWorklet resamples it and streams it on `/ws/audio`. Only this file's browser gets the file as its
 * microphone (a worker of its own, by `test.use`); the other tests keep the suite's launch.
 *
 * Without a recognition provider on the stack, the `/ws/audio` socket is a test double here and the `joined`
 * frame is given a `serverRecognition`: the test checks what the page sent. With the fake provider on the
 * stack (ASR_PROVIDER, its fake server in libs/testing, as serve.mjs starts the stacks), the same audio goes
 * through the gateway, and the test also checks the file's words in the host's log and their translation on a
 * French viewer (server-recognition.e2e-spec.ts checks what the provider heard).
 */
const WORDS = 'Welcome everyone to the opening of the conference';
const WAV = speakToWav(WORDS, 'said');
const LLM = `http://127.0.0.1:${E2E.llmPort}`;
const SHOTS = join(__dirname, '..', '..', 'test-results', 'screens');

test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--use-file-for-fake-audio-capture=${WAV}%noloop`] },
});

interface AudioSocketLog {
  /** The stack's own `joined` frame named a provider: the audio goes to the gateway. */
  realProvider: boolean;
  starts: Record<string, unknown>[];
  stops: number;
  chunks: { seq: number; atMs: number; pcm: Buffer }[];
}

const RATE = 16_000;

/** Passes `/ws` through, noting (or, without a provider, adding) `serverRecognition`; records `/ws/audio`. */
async function routeAudio(page: Page): Promise<AudioSocketLog> {
  const log: AudioSocketLog = { realProvider: false, starts: [], stops: 0, chunks: [] };
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      const frame = typeof message === 'string' ? (JSON.parse(message) as Record<string, unknown>) : null;
      if (frame?.type !== 'joined') return ws.send(message);
      if (frame.serverRecognition) log.realProvider = true;
      ws.send(JSON.stringify({ serverRecognition: { provider: 'test', sampleRate: RATE }, ...frame }));
    });
  });
  await page.routeWebSocket(/\/ws\/audio$/, (ws: WebSocketRoute) => {
    const server = log.realProvider ? ws.connectToServer() : null;
    server?.onMessage((message) => ws.send(message));
    ws.onMessage((message) => {
      server?.send(message);
      if (typeof message === 'string') {
        const frame = JSON.parse(message) as Record<string, unknown>;
        if (frame.type === 'audio_start') {
          log.starts.push(frame);
          if (!server) ws.send(JSON.stringify({ type: 'audio_ready', streamId: frame.streamId, sampleRate: frame.sampleRate, nextSeq: 0 }));
        }
        if (frame.type === 'audio_stop') log.stops += 1;
        return;
      }
      const seq = message.readUInt32LE(0);
      log.chunks.push({ seq, atMs: message.readUInt32LE(4), pcm: message.subarray(8) });
      if (!server) ws.send(JSON.stringify({ type: 'audio_ack', seq }));
    });
  });
  return log;
}

async function shot(page: Page, name: string, size: { width: number; height: number }): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(size);
  await page.screenshot({ path: join(SHOTS, `${test.info().project.name}-${name}.png`), fullPage: true });
}

test('the host speaks through a real microphone: the page streams the file it hears as 16 kHz PCM @ui', async ({ page, context }) => {
  test.setTimeout(90_000);
  await fetch(`${LLM}/__reset`, { method: 'POST' });
  await setAsrScript([WORDS]);
  await context.grantPermissions(['microphone']);
  const audio = await routeAudio(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  const roomId = await startedQuickRoom(page, 'en');

  // On the server is the default when the server has a provider; processing is off for a mixer feed.
  await expect(page.getByTestId('recognition-server')).toBeChecked();
  await expect(page.getByTestId('microphone-select')).toBeVisible();
  for (const key of ['echoCancellation', 'noiseSuppression', 'autoGainControl']) {
    await expect(page.getByTestId(`audio-${key}`)).not.toBeChecked();
  }
  await expect(page.getByTestId('level-meter')).toHaveAttribute('aria-valuenow', '0');

  const fr = await context.newPage();
  await fr.goto(`/view/${roomId}?lang=fr`);
  await expect(fr.getByTestId('viewer-status')).toHaveText('Live');

  await page.getByTestId('enhance-mode').uncheck();
  await page.getByTestId('toggle-recording').click();
  await expect(page.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'true');
  await expect.poll(() => page.getByTestId('level-meter').getAttribute('aria-valuenow').then(Number)).toBeGreaterThan(20);
  await shot(page, 'host-audio-laptop', { width: 1366, height: 768 });
  await shot(page, 'host-audio-phone', { width: 390, height: 844 });
  await page.setViewportSize({ width: 1366, height: 768 });
  // The picker names the fake device once the microphone is allowed.
  await expect(page.getByTestId('microphone-select').locator('option')).not.toHaveCount(1);

  const wav = readWav(WAV);
  const seconds = wav.samples.length / wav.rate;
  await expect.poll(() => audio.chunks.length * 0.1, { timeout: 30_000 }).toBeGreaterThan(seconds + 1);
  await page.getByTestId('toggle-recording').click();
  await expect(page.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'false');
  await expect.poll(() => audio.stops).toBe(1);

  expect(audio.starts).toHaveLength(1);
  expect(audio.starts[0]).toMatchObject({ type: 'audio_start', roomId, role: 'host', sourceLanguage: 'en', sampleRate: RATE });
  expect(audio.starts[0].streamId).toMatch(/^[0-9a-f-]{36}$/);
  expect(audio.starts[0].hostKey).toMatch(/^[\w-]{40,}$/);
  // Every chunk follows on: seq +1, 100 ms of 16-bit samples at 16 kHz, its capture time 100 ms after the last.
  audio.chunks.forEach((chunk, i) =>
    expect({ seq: chunk.seq, atMs: chunk.atMs, bytes: chunk.pcm.length }).toEqual({ seq: i, atMs: i * 100, bytes: 3200 }),
  );

  const sentBytes = Buffer.concat(audio.chunks.map((c) => c.pcm));
  writeFileSync(WAV.replace(/\.wav$/, '.sent.raw'), sentBytes);
  const sent = pcmFromBytes(sentBytes, RATE);
  const fileShape = envelope(wav);
  const sentShape = envelope(sent);
  const match = envelopeMatch(fileShape, sentShape);
  test.info().annotations.push({ type: 'envelope', description: `r=${match.correlation.toFixed(3)} offset=${match.lagFrames * 20} ms` });
  expect(Math.max(...sentShape)).toBeGreaterThan(0.02);
  expect(match.correlation).toBeGreaterThan(0.85);
  // At most the first half second of the file may play before the processor hears it.
  expect(match.lagFrames).toBeGreaterThan(-25);
  // The same audio played backwards has the file's energy but not its shape over time.
  expect(envelopeMatch([...fileShape].reverse(), sentShape).correlation).toBeLessThan(match.correlation - 0.2);

  if (!audio.realProvider) {
    test.info().annotations.push({ type: 'provider', description: 'no ASR_PROVIDER on the stack: the audio socket was a test double' });
    return;
  }
  // With the fake provider on the stack: it heard the file and answered its words, which reach the viewers.
  await expect(page.locator('[data-testid="transcript-entry"]')).toContainText([/welcome everyone/i]);
  await expect(fr.locator('[data-testid="translated-message"] .message-text')).toContainText([/\(fr\) welcome everyone/i]);
});
