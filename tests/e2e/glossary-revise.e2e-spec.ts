import { expect, test } from '@playwright/test';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { LAPTOP, PHONE, say, shotBoth } from './support/room-pages';
import { llmUrl } from './support/llm';

// The host's browser reads Spanish; the viewer's phone, English.
test.use({ locale: 'es-ES' });

test.beforeEach(async ({ context }) => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
});

test('the host applies a new glossary term to the last lines, and a viewer sees them replaced', async ({ page, browser, baseURL }) => {
  await page.setViewportSize(LAPTOP);
  await page.goto('/');
  await page.getByTestId('room-name-input').fill('Jornada de glosario');
  await page.getByTestId('create-room').click();
  await expect(page).toHaveURL(/\/room\/[0-9a-f-]{36}/);
  const roomId = new URL(page.url()).pathname.split('/').pop() as string;
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('input-language').selectOption('es');
  await page.getByTestId('toggle-room').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await page.getByTestId('enhance-mode').uncheck();
  await page.getByTestId('toggle-recording').click();

  const phone = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const viewer = await phone.newPage();
  await viewer.goto(`/view/${roomId}?lang=en`);
  await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');
  await say(page, 'La ponencia de hoy');
  await say(page, 'Otra ponencia más');
  const lines = viewer.getByTestId('translated-message').locator('.message-text');
  await expect(lines).toHaveText(['(en) La ponencia de hoy', '(en) Otra ponencia más']);

  await page.getByTestId('open-glossary').click();
  const dialog = page.getByTestId('glossary-dialog');
  await expect(dialog.getByTestId('glossary-empty')).toBeVisible();
  await dialog.getByTestId('glossary-add').click();
  await expect(dialog.getByTestId('glossary-term').last()).toBeFocused();
  await page.keyboard.type('ponencia');
  await dialog.getByTestId('glossary-entry').first().getByTestId('glossary-translation-en').fill('talk');
  // The model answers slowly: the dialog shows the work under way, and its buttons wait for it.
  await fetch(`${llmUrl()}/__delay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms: 1500 }),
  });
  await dialog.getByTestId('glossary-revise').click();
  await expect(dialog.getByTestId('glossary-revising')).toContainText('Volviendo a traducir las últimas 5 líneas');
  await expect(dialog.getByTestId('glossary-revise')).toBeDisabled();
  await expect(dialog.getByTestId('glossary-revised')).toHaveText(
    'Traducciones reemplazadas: 2 (últimas 2 líneas; en). El público ya ve el texto nuevo.',
    { timeout: 15_000 },
  );
  await expect(dialog.getByTestId('glossary-revise')).toBeEnabled();
  await shotBoth(page, 'glossary-revised-host');

  await expect(lines).toHaveText(['(en) La talk de hoy', '(en) Otra talk más']);
  await shotBoth(viewer, 'glossary-revised-viewer');

  // Again with nothing new: nothing changes, and the dialog says so.
  await dialog.getByTestId('glossary-revise').click();
  await expect(dialog.getByTestId('glossary-revised')).toHaveText('Nada cambió: las últimas 2 líneas ya siguen el glosario.', {
    timeout: 15_000,
  });
  await phone.close();
});
