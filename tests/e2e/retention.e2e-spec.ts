import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { endRoom, LAPTOP, say, shotBoth } from './support/room-pages';
import { llmUrl } from './support/llm';

const PASSWORD = 'retention-pass-1';

test.beforeEach(async () => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
});

async function signedIn(browser: Browser, baseURL: string | undefined, request: APIRequestContext, email: string): Promise<Page> {
  const res = await request.post('/api/auth/signup', { data: { email, password: PASSWORD, name: 'Rosa Retention' } });
  expect(res.ok()).toBe(true);
  const context = await browser.newContext({ baseURL, viewport: LAPTOP, locale: 'es-ES' });
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('auth-email').fill(email);
  await dialog.getByTestId('auth-password').fill(PASSWORD);
  await dialog.getByTestId('auth-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });
  return page;
}

test('a room that stores nothing: set in the form, captions live, "not stored" in the history, and the archive says so', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `retention-${test.info().project.name}-${Date.now().toString(36)}@example.com`;
  const page = await signedIn(browser, baseURL, request, email);

  // The create form: kept by default; the owner chooses not to store it.
  await page.getByTestId('nav-create').click();
  await page.getByTestId('room-form-name').fill('Reunión privada');
  await page.getByTestId('room-form-language').selectOption('es');
  const retention = page.getByLabel('Conservación de la transcripción');
  await expect(retention).toHaveValue('keep');
  await expect(retention.locator('option')).toHaveText([
    'Conservar (predeterminado)',
    'Borrar 7 días después de terminar',
    'Borrar 30 días después de terminar',
    'Borrar 90 días después de terminar',
    'No guardar (solo en directo)',
  ]);
  await retention.selectOption('none');
  await shotBoth(page, 'retention-create-form');
  await page.getByTestId('room-form-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/scheduled$/);
  const card = page.getByTestId('scheduled-room').filter({ hasText: 'Reunión privada' });

  // The edit form shows the setting as stored.
  await card.getByTestId('edit-room').click();
  await expect(page.getByTestId('room-form-retention')).toHaveValue('none');
  await page.getByTestId('nav-scheduled').click();

  // Live: a viewer reads the captions as they come.
  await card.getByTestId('start-room').click();
  await expect(page).toHaveURL(/\/room\/[0-9a-f-]{36}/);
  const roomId = new URL(page.url()).pathname.split('/').pop() as string;
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  const viewer = await (await browser.newContext({ baseURL, viewport: LAPTOP, locale: 'en-US' })).newPage();
  await viewer.goto(`/view/${roomId}?lang=en`);
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');
  await page.getByTestId('toggle-recording').click();
  await say(page, 'Esto no se guarda');
  await say(page, 'Solo se lee en directo');
  await expect(page.locator('[data-testid="transcript-entry"][data-state="acked"]')).toHaveCount(2);
  await expect(viewer.getByTestId('translated-message')).toHaveCount(2);

  await endRoom(page);
  await page.getByTestId('ended-history').click();
  await expect(page).toHaveURL(/\/dashboard\/history$/);
  const row = page.getByTestId('history-row').filter({ hasText: 'Reunión privada' });
  await expect(row.getByTestId('history-retention')).toHaveText('Transcripción no guardada');
  await expect(row.getByTestId('history-retention')).toHaveAttribute('data-retention', 'none');
  await shotBoth(page, 'retention-history');
  // Nothing is left to read.
  await expect
    .poll(async () => (await (await request.get(`/api/view/${roomId}/transcript`)).json()).lines?.length, { timeout: 10_000 })
    .toBe(0);
  await row.getByTestId('view-transcript').click();
  await expect(page.getByTestId('transcript-modal')).toBeVisible();
  await expect(page.getByTestId('transcript-message')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The account page: the archive, with its loading state, then its contents.
  await page.goto('/dashboard/account');
  const archive = page.getByTestId('data-archive');
  await expect(archive.getByRole('heading', { name: 'Tus datos' })).toBeVisible();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/account/archive', async (route) => {
    await held;
    await route.continue();
  });
  const downloading = page.waitForEvent('download');
  await archive.getByTestId('data-archive-download').click();
  await expect(archive.getByTestId('data-archive-download')).toBeDisabled();
  await expect(archive.getByTestId('data-archive-status')).toHaveText('Preparando el archivo...');
  await shotBoth(page, 'retention-archive-preparing');
  release();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('live-translation-rooms-data.zip');
  await expect(archive.getByTestId('data-archive-status')).toHaveText(/^Archivo descargado \(\d+([,.]\d)? (B|kB)\)\.$/);
  await expect(archive.getByTestId('data-archive-download')).toBeEnabled();
  await shotBoth(page, 'retention-archive-done');

  const files = unzipSync(readFileSync((await download.path()) as string));
  const manifest = JSON.parse(strFromU8(files['manifest.json'])) as { sections: { name: string; files: string[] }[] };
  expect(manifest.sections.map((s) => s.name)).toEqual(['profile', 'rooms']);
  expect(JSON.parse(strFromU8(files['profile.json']))).toMatchObject({ user: { email } });
  const rooms = JSON.parse(strFromU8(files['rooms.json'])) as { id: string; retention: string; transcript_deleted_at: string | null }[];
  expect(rooms).toEqual([expect.objectContaining({ id: roomId, retention: 'none', transcript_deleted_at: expect.any(String) })]);
  expect(JSON.parse(strFromU8(files[`rooms/${roomId}/transcript.json`]))).toEqual({ room_id: roomId, messages: [] });

  // A failed download says so, and the button is there to try again.
  await page.unroute('**/api/account/archive');
  await page.route('**/api/account/archive', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: 'Service unavailable' } }),
    }),
  );
  await archive.getByTestId('data-archive-download').click();
  await expect(archive.getByTestId('data-archive-error')).toHaveText(
    'No se pudo descargar el archivo: El servicio no está disponible ahora mismo. Se reintentará en breve.',
  );
  await shotBoth(page, 'retention-archive-failed');
  await page.context().close();
  await viewer.context().close();
});
