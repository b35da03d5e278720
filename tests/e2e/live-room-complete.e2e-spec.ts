import { endRoom } from './support/room-pages';
import { expect, test, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { llmUrl } from './support/llm';

const SHOTS = join(__dirname, '..', '..', 'test-results', 'screens');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };

interface LlmCall {
  task: 'translation' | 'summary' | 'enhancement';
  target: string | null;
  user: string;
}

async function llmCalls(): Promise<LlmCall[]> {
  const res = await fetch(`${llmUrl()}/__calls`);
  return ((await res.json()) as { calls: LlmCall[] }).calls;
}

/** Desktop, then phone width. */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const project = test.info().project.name;
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: join(SHOTS, `${project}-${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(SHOTS, `${project}-${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

async function say(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => (window as unknown as { __speech: { listening(): number } }).__speech.listening())).toBe(1);
  await page.evaluate(
    (t) => (window as unknown as { __speech: { say(t: string, c: number, f: boolean): number } }).__speech.say(t, 0.95, true),
    text,
  );
}

/**
 * Runs in the page before its scripts: an Audio element that "plays" instantly and records what it was given,
 * since headless Chromium has no sound to play to.
 */
function installFakeAudio(): void {
  const played: string[] = [];
  class FakeAudio {
    onplaying: (() => void) | null = null;
    onended: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(readonly src: string) {}
    play(): Promise<void> {
      played.push(this.src);
      setTimeout(() => this.onplaying?.(), 5);
      setTimeout(() => this.onended?.(), 30);
      return Promise.resolve();
    }
    pause(): void {
      this.onended?.();
    }
  }
  Object.assign(window, { Audio: FakeAudio, __played: played });
}

async function newContext(browser: Browser, baseURL: string | undefined, withAudio = false): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  await context.addInitScript(installFakeSpeechRecognition);
  if (withAudio) await context.addInitScript(installFakeAudio);
  await context.grantPermissions(['microphone']);
  return context;
}

function audioRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    if (/\/api\/rooms\/[^/]+\/messages\/[^/]+\/audio/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

test.beforeEach(async () => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
});

test('a host and a co-host speaker speak; viewers read, listen, summarise and catch up; the room ends in the history', async ({
  browser,
  request,
  baseURL,
}, info) => {
  test.setTimeout(240_000);
  const email = `complete-${info.project.name}-${Date.now().toString(36)}-${info.retry}@example.com`;
  const password = 'owner-pass-1';
  const signup = await request.post('/api/auth/signup', { data: { email, password, name: 'Olga Owner' } });
  expect(signup.status(), await signup.text()).toBe(200);
  const token = await request.post('/api/auth/token?grant_type=password', { data: { email, password } });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const created = await request.post('/api/rooms', {
    data: { name: 'Complete session' },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(created.ok()).toBe(true);
  const roomId = ((await created.json()) as { room: { id: string } }).room.id;

  // The owner signs in and hosts with the session alone.
  const hostContext = await newContext(browser, baseURL);
  const host = await hostContext.newPage();
  await host.goto('/');
  await host.getByTestId('login-button').click();
  await host.getByRole('dialog').getByTestId('auth-email').fill(email);
  await host.getByRole('dialog').getByTestId('auth-password').fill(password);
  await host.getByRole('dialog').getByTestId('auth-submit').click();
  await expect(host).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });
  await host.goto(`/room/${roomId}?from=es`);
  await expect(host.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await expect(host.getByTestId('enhance-mode')).toBeChecked();
  await host.getByTestId('toggle-recording').click();
  await expect(host.getByRole('alert')).toHaveText('Please start the room first');
  await host.getByTestId('toggle-room').click();
  await expect(host.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');

  // Two invites: Ana speaks, Bruno is removed later.
  await host.getByTestId('speaker-name').fill('  Ana  ');
  await host.getByTestId('invite-speaker').click();
  const anaLink = (await host.getByTestId('speaker-invite-link').textContent()) ?? '';
  expect(anaLink).toContain(`/speak/${roomId}?token=`);
  await host.getByTestId('speaker-name').fill('Bruno');
  await host.getByTestId('invite-speaker').click();
  await expect(host.getByTestId('speaker-invite-link')).not.toHaveText(anaLink);
  const brunoLink = (await host.getByTestId('speaker-invite-link').textContent()) ?? '';
  await expect(host.getByTestId('speaker-status')).toHaveText(['Invited', 'Invited']);

  const speakerContext = await newContext(browser, baseURL);
  const ana = await speakerContext.newPage();
  await ana.goto(new URL(anaLink).pathname + new URL(anaLink).search);
  await expect(ana.getByTestId('speaker-join')).toContainText('Welcome, Ana');
  await ana.getByTestId('speaker-join-button').click();
  await expect(ana.getByRole('alert')).toHaveText('Please select your input language first');
  await ana.getByTestId('speaker-language').selectOption('es');
  await ana.getByTestId('speaker-join-button').click();
  await expect(ana.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await expect(ana.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  const brunoContext = await newContext(browser, baseURL);
  const bruno = await brunoContext.newPage();
  await bruno.goto(new URL(brunoLink).pathname + new URL(brunoLink).search);
  await bruno.getByTestId('speaker-language').selectOption('es');
  await bruno.getByTestId('speaker-join-button').click();
  await expect(bruno.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await expect(host.getByTestId('speaker-status')).toHaveText(['Active', 'Active']);

  // A listener in French (server audio through a stubbed Audio), a muted reader in German.
  const viewerContext = await newContext(browser, baseURL, true);
  const fr = await viewerContext.newPage();
  const de = await viewerContext.newPage();
  const frAudio = audioRequests(fr);
  const deAudio = audioRequests(de);
  await fr.goto(`/view/${roomId}?lang=fr`);
  await de.goto(`/view/${roomId}?lang=de`);
  await expect(fr.getByTestId('viewer-status')).toHaveText('Live');
  await expect(de.getByTestId('viewer-status')).toHaveText('Live');
  await fr.getByTestId('mute-toggle').click();
  await expect(fr.getByTestId('mute-toggle')).toHaveAttribute('data-muted', 'false');

  await host.getByTestId('toggle-recording').click();
  await expect(host.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'true');
  await expect(host.getByTestId('microphone-badge')).toHaveAttribute('data-permission', 'granted');
  await say(host, 'hola a todos');
  await expect(de.getByTestId('translated-message')).toHaveCount(1);
  await ana.getByTestId('toggle-speaking').click();
  await say(ana, 'soy ana la copresentadora');
  // Two people speak: each next sentence waits until the one before is read, so seq order is the order below.
  await expect(de.getByTestId('translated-message')).toHaveCount(2);
  await say(host, 'gracias ana');

  await expect(fr.getByTestId('translated-message')).toHaveCount(3);
  await expect(fr.getByTestId('translated-message').first()).toContainText('(fr) Hola a todos. [enhanced]');
  await expect(de.getByTestId('translated-message').nth(1)).toContainText('(de) Soy ana la copresentadora.');
  await expect(host.getByTestId('entry-speaker')).toHaveText(['Ana']);
  await expect(ana.getByTestId('entry-speaker')).toHaveText(['Host', 'Host']);
  await expect(fr.getByTestId('host-activity')).toHaveAttribute('data-activity', 'speaking');
  await expect.poll(() => frAudio.length).toBe(3);
  expect(frAudio.every((url) => url.endsWith('lang=fr'))).toBe(true);
  await expect.poll(() => fr.evaluate(() => (window as unknown as { __played: string[] }).__played.length)).toBe(3);
  expect(deAudio).toEqual([]);
  expect((await llmCalls()).filter((c) => c.task === 'enhancement')).toHaveLength(3);

  // The caption overlay shows the last two lines, each after its speaker's name: two people speak.
  const overlay = await viewerContext.newPage();
  await overlay.goto(`/view/${roomId}/captions?lang=fr&lines=2&size=40`);
  await expect(overlay.getByTestId('caption-line')).toHaveCount(2);
  await expect(overlay.getByTestId('caption-line').last()).toHaveText('Host: (fr) Gracias ana. [enhanced]');
  await expect(overlay.getByTestId('caption-speaker')).toHaveText(['Ana:', 'Host:']);

  // Bruno is removed: his page says so at once and his socket is gone for good.
  await host.getByTestId('speaker-row').filter({ hasText: 'Bruno' }).getByTestId('remove-speaker').click();
  await host.getByTestId('remove-speaker-confirm').click();
  await expect(bruno.getByTestId('speaker-removed')).toContainText('You were removed');
  await expect(host.getByTestId('speaker-row')).toHaveCount(1);

  await shot(host, 'live-host');
  await shot(ana, 'live-speaker');
  await shot(fr, 'live-viewer');
  await overlay.setViewportSize({ width: 1280, height: 360 });
  await overlay.screenshot({ path: join(SHOTS, `${info.project.name}-live-overlay.png`) });
  for (const [size, viewport] of [
    ['laptop', { width: 1366, height: 768 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await overlay.setViewportSize(viewport);
    await overlay.screenshot({ path: join(SHOTS, `${info.project.name}-live-overlay-${size}.png`) });
  }

  // Twenty viewers ask for a summary at the same moment: four pages on their sockets and sixteen direct calls, two languages.
  const readers = await Promise.all([0, 1, 2, 3].map(() => viewerContext.newPage()));
  // What each page sends on its socket: the viewer page asks for summaries there, naming its browser in its join.
  const sent = readers.map(() => [] as Record<string, unknown>[]);
  readers.forEach((page, i) =>
    page.on('websocket', (ws) => ws.on('framesent', (f) => typeof f.payload === 'string' && sent[i].push(JSON.parse(f.payload)))),
  );
  await Promise.all(readers.map((page, i) => page.goto(`/view/${roomId}?lang=${i % 2 ? 'de' : 'fr'}`)));
  await Promise.all(readers.map((page) => expect(page.getByTestId('translated-message')).toHaveCount(3)));
  const before = (await llmCalls()).filter((c) => c.task === 'summary').length;
  // Each direct caller is a browser of its own behind the viewers' one address, with its own X-Client-Id.
  const direct = Array.from({ length: 16 }, (_, i) =>
    request.post(`/api/rooms/${roomId}/summary`, { data: { lang: i % 2 ? 'de' : 'fr' }, headers: { 'X-Client-Id': `e2e-direct-${i}` } }),
  );
  await Promise.all([...readers.map((page) => page.getByTestId('generate-summary').click()), ...direct]);
  for (const answer of await Promise.all(direct)) expect(answer.status()).toBe(200);
  await Promise.all(readers.map((page) => expect(page.getByTestId('summary-text')).toContainText('Summary of')));
  const asked = sent.map((frames) => frames.filter((f) => f.type === 'summary_request').map((f) => f.lang));
  expect(asked).toEqual([['fr'], ['de'], ['fr'], ['de']]);
  // The viewer page names its browser: one kept id, the same on every page of that browser.
  const pageIds = sent.map((frames) => frames.find((f) => f.type === 'join')?.viewerId);
  expect(pageIds[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(new Set(pageIds)).toEqual(new Set([pageIds[0]]));
  const summaries = (await llmCalls()).filter((c) => c.task === 'summary').slice(before);
  expect(summaries.map((c) => c.target).sort()).toEqual(['de', 'fr']);
  await shot(readers[0], 'live-viewer-summary');

  // A reloaded host page shows the room's transcript from the server, speaker line included.
  await host.reload();
  await expect(host.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await expect(host.getByTestId('transcript-entry')).toHaveCount(3);
  await expect(host.getByTestId('entry-speaker')).toHaveText(['Ana']);

  // Finalizar Sala: the history holds the whole transcript.
  await endRoom(host);
  await host.getByTestId('ended-history').click();
  await expect(host).toHaveURL(/\/dashboard\/history$/);
  await expect(fr.getByTestId('viewer-status')).toHaveText('Session ended');
  await expect(fr.getByTestId('translated-message')).toHaveCount(3);
  await expect(ana.getByTestId('speaker-room-ended')).toBeVisible();
  const row = host.getByTestId('history-row').filter({ hasText: 'Complete session' });
  await row.getByTestId('view-transcript').click();
  const modal = host.getByTestId('transcript-modal');
  await expect(modal.getByTestId('transcript-message')).toHaveCount(3);
  // The history keeps what was said; Enhance Mode's wording is what viewers read.
  await expect(modal.getByTestId('transcript-message')).toContainText(['hola a todos', 'soy ana la copresentadora', 'gracias ana']);
  await shot(fr, 'live-viewer-ended');

  await Promise.all([hostContext, speakerContext, brunoContext, viewerContext].map((context) => context.close()));
});

test('an unknown room shows one "room not found" screen, and the invite link screens', async ({ page }) => {
  await page.goto('/view/00000000-0000-4000-8000-000000000000?lang=fr');
  await expect(page.getByTestId('room-not-found')).toContainText('Room not found');
  await expect(page.getByText('Connecting')).toHaveCount(0);
  await shot(page, 'viewer-not-found');

  await page.goto('/speak/00000000-0000-4000-8000-000000000000?name=Ana');
  await expect(page.getByTestId('speaker-invalid')).toContainText('Invalid invite link');
  await page.goto(`/speak/00000000-0000-4000-8000-000000000000?name=Ana&token=${'x'.repeat(43)}`);
  await expect(page.getByTestId('speaker-denied')).toContainText('Invalid or expired invite token');
  await shot(page, 'speaker-denied');
});
