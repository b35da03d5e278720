import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { LAPTOP, quickRoom } from './support/room-pages';
import { UI } from './support/tags';

const SHOTS = join(__dirname, '..', '..', 'test-results', 'screens');

/** The glossary dialog says which saved terms the server's speech recogniser (the stack's fake Deepgram) is given. */
test('the glossary dialog lists the saved terms sent to the speech recogniser', UI, async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await quickRoom(page);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('open-glossary').click();
  const dialog = page.getByTestId('glossary-dialog');
  const vocabulary = dialog.getByTestId('glossary-vocabulary');
  await expect(vocabulary).toContainText('No term is sent yet');

  await dialog.getByTestId('glossary-add').click();

  await expect(dialog.getByTestId('glossary-term').last()).toBeFocused();
  await page.keyboard.type('Kubernetes');
  await dialog.getByTestId('glossary-entry').first().getByTestId('glossary-translation-en').fill('Kubernetes');
  await dialog.getByTestId('glossary-add').click();
  await expect(dialog.getByTestId('glossary-term').last()).toBeFocused();
  await page.keyboard.type('Ana Pérez');
  await dialog.getByTestId('glossary-entry').nth(1).getByTestId('glossary-translation-en').fill('Ana Pérez');
  await dialog.getByTestId('glossary-save').click();
  await expect(dialog.getByTestId('glossary-saved')).toBeVisible();
  await expect(vocabulary.getByTestId('glossary-vocabulary-term')).toHaveText(['Kubernetes', 'Ana Pérez']);
  await expect(vocabulary).toContainText('Server recognition (Deepgram) is given these saved terms');
  // The dialog scrolls on its own: the screens show its part in view, at the laptop's size and the phone's.
  mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [
    ['laptop', LAPTOP],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await vocabulary.evaluate((section) => section.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(SHOTS, `${test.info().project.name}-glossary-vocabulary-${size}.png`) });
  }
});
