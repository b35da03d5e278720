import { expect, test, type Download, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { LAPTOP, say, shotBoth } from './support/room-pages';
import { llmUrl } from './support/llm';

const PASSWORD = 'transcript-pass-1';

// The host's and the viewer's browsers read Spanish: the viewer's downloads are labelled in Spanish.
test.use({ locale: 'es-ES' });

const contentOf = async (download: Download) => readFileSync(await download.path()).toString('utf8');

async function downloadFrom(page: Page, format: 'txt' | 'srt' | 'vtt'): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`room-transcript-download-${format}`).click()]);
  return download;
}

test.beforeEach(async ({ context }) => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
});

test('a viewer reads and downloads the transcript in French; the owner turns downloads off and the button goes', async ({
  page,
  context,
  browser,
  request,
}, info) => {
  const email = `transcript-${info.project.name}-${Date.now().toString(36)}-${info.retry}@example.com`;
  const signup = await request.post('/api/auth/signup', { data: { email, password: PASSWORD, name: 'Olga Owner' } });
  const token = ((await signup.json()) as { session: { access_token: string } }).session.access_token;
  const created = await request.post('/api/rooms', {
    data: { name: 'Town hall', source_language: 'es' },
    headers: { authorization: `Bearer ${token}` },
  });
  const { room, hostKey } = (await created.json()) as { room: { id: string }; hostKey: string };

  // The host speaks two lines, with the room's host key.
  await page.setViewportSize(LAPTOP);
  await page.goto(`/room/${room.id}#key=${hostKey}`);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('input-language').selectOption('es');
  await page.getByTestId('toggle-room').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await page.getByTestId('enhance-mode').uncheck();
  await page.getByTestId('toggle-recording').click();
  await say(page, 'Hola a todos');
  await expect(page.locator('[data-testid="transcript-entry"][data-state="acked"]')).toHaveCount(1);
  await say(page, 'Empezamos la reunión');
  await expect(page.locator('[data-testid="transcript-entry"][data-state="acked"]')).toHaveCount(2);

  // A viewer in French opens the transcript and downloads it.
  const viewer = await context.newPage();
  await viewer.setViewportSize(LAPTOP);
  await viewer.goto(`/view/${room.id}?lang=fr`);
  await expect(viewer.getByTestId('translated-message')).toHaveCount(2);
  await shotBoth(viewer, 'viewer-transcript-button');
  await viewer.getByTestId('room-transcript-open').click();
  const dialog = viewer.getByTestId('room-transcript');
  await expect(dialog.locator('.room-transcript-text')).toHaveText(['(fr) Hola a todos', '(fr) Empezamos la reunión']);
  await expect(dialog.getByRole('list')).toHaveAttribute('lang', 'fr');
  await shotBoth(viewer, 'viewer-transcript');

  const txt = await downloadFrom(viewer, 'txt');
  expect(txt.suggestedFilename()).toMatch(/^transcripcion-town-hall-\d{4}-\d{2}-\d{2}\.txt$/);
  const text = await contentOf(txt);
  expect(text).toContain('Sala: Town hall\n');
  expect(text).toContain('Idioma: Français (fr)\n');
  // A true duration (seconds under a minute), and no confidence mark on lines heard with high confidence.
  expect(text).toMatch(/\nDuración: \d+ s\n/);
  expect(text).toMatch(/\[\d{2}:\d{2}:\d{2}\] \(fr\) Hola a todos\n\n\[\d{2}:\d{2}:\d{2}\] \(fr\) Empezamos la reunión\n$/);

  const vtt = await downloadFrom(viewer, 'vtt');
  expect(vtt.suggestedFilename()).toMatch(/\.vtt$/);
  const cues = await contentOf(vtt);
  expect(cues.startsWith('WEBVTT\n\n1\n00:00:00.000 --> ')).toBe(true);
  expect(cues).toContain('\n(fr) Hola a todos\n\n2\n');
  expect(cues.trimEnd().endsWith('\n(fr) Empezamos la reunión')).toBe(true);
  await viewer.getByTestId('room-transcript-close').click();

  // The anonymous-style host reads it as spoken with its key.
  await page.getByTestId('room-transcript-open').click();
  await expect(page.getByTestId('room-transcript').locator('.room-transcript-text')).toHaveText(['Hola a todos', 'Empezamos la reunión']);
  await shotBoth(page, 'host-transcript');
  await page.getByTestId('room-transcript-close').click();

  // The owner turns viewer downloads off in the room's edit form.
  const owner = await browser.newContext({ baseURL: info.project.use.baseURL });
  const dashboard = await owner.newPage();
  await dashboard.setViewportSize(LAPTOP);
  await dashboard.goto('/');
  await dashboard.getByTestId('login-button').click();
  await dashboard.getByRole('dialog').getByTestId('auth-email').fill(email);
  await dashboard.getByRole('dialog').getByTestId('auth-password').fill(PASSWORD);
  await dashboard.getByRole('dialog').getByTestId('auth-submit').click();
  await expect(dashboard).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });
  await dashboard.goto(`/dashboard/edit-room/${room.id}`);
  await expect(dashboard.getByTestId('room-form-viewer-downloads')).toBeChecked();
  await dashboard.getByTestId('room-form-viewer-downloads').uncheck();
  await dashboard.getByTestId('room-form-submit').click();
  await expect(dashboard).toHaveURL(/\/dashboard\/scheduled$/);
  await owner.close();

  // The open page learns it when it asks, and says why; a new visit has no button at all.
  await viewer.getByTestId('room-transcript-open').click();
  await expect(viewer.getByTestId('room-transcript-error')).toBeVisible();
  await viewer.getByTestId('room-transcript-close').click();
  await expect(viewer.getByTestId('room-transcript-open')).toHaveCount(0);
  await viewer.reload();
  await expect(viewer.getByTestId('translated-message')).toHaveCount(2);
  await expect(viewer.getByTestId('room-transcript-open')).toHaveCount(0);
  // The host still has it.
  await expect(page.getByTestId('room-transcript-open')).toBeVisible();
});
