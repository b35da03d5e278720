import { expect, test } from '@playwright/test';
import { LAPTOP, shotBoth } from './support/room-pages';

test.use({ viewport: LAPTOP });

const CSV = 'term,keep,en\nKubernetes,yes,\nkeynote,no,keynote talk\nNguyễn,yes,\n';

test('the glossary dialog keeps unsaved work: a stale "saved" goes, a marker shows, and closing asks first', async ({ page, request }) => {
  const created = await request.post('/api/rooms', { data: { name: 'Walk-in talk' } });
  const { room, hostKey } = (await created.json()) as { room: { id: string }; hostKey: string };
  await page.goto(`/room/${room.id}#key=${hostKey}`);
  await page.getByTestId('open-glossary').click();
  const dialog = page.getByTestId('glossary-dialog');
  await dialog.getByTestId('glossary-add').click();
  await expect(dialog.getByTestId('glossary-term').last()).toBeFocused();
  await page.keyboard.type('Acme');
  await dialog.getByTestId('glossary-keep').check();
  await dialog.getByTestId('glossary-save').click();
  await expect(dialog.getByTestId('glossary-saved')).toContainText('version 1');
  await expect(dialog.getByTestId('glossary-unsaved')).toHaveCount(0);

  // An import after the save: the save line goes, the work is marked unsaved.
  await dialog.getByTestId('glossary-file').setInputFiles({ name: 'terms.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await page.getByTestId('glossary-import-merge').click();
  await expect(dialog.getByTestId('glossary-entry')).toHaveCount(4);
  await expect(dialog.getByTestId('glossary-saved')).toHaveCount(0);
  await expect(dialog.getByTestId('glossary-unsaved')).toHaveText('Unsaved changes');

  // Escape, × and Close each ask; the question is the page's own dialog, not the browser's.
  page.on('dialog', (browserDialog) => {
    throw new Error(`a browser dialog was shown: ${browserDialog.message()}`);
  });
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await expect(ask.getByTestId('confirm-cancel')).toBeFocused();
  await shotBoth(page, 'glossary-unsaved-confirm');
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(dialog.getByTestId('glossary-entry')).toHaveCount(4);
  await dialog.getByTestId('glossary-close').click();
  await ask.getByTestId('confirm-cancel').click();
  await dialog.getByTestId('glossary-close-foot').click();
  await ask.getByTestId('glossary-discard').click();
  await expect(dialog).toHaveCount(0);

  // Discarded: the stored glossary is the saved one.
  await page.getByTestId('open-glossary').click();
  await expect(dialog.getByTestId('glossary-entry')).toHaveCount(1);

  // A term typed by keyboard, then "Save and close" keeps it.
  await dialog.getByTestId('glossary-add').click();
  await expect(dialog.getByTestId('glossary-term').last()).toBeFocused();
  await page.keyboard.type('Nguyễn');
  await dialog.getByTestId('glossary-keep').nth(1).check();
  await page.keyboard.press('Escape');
  await ask.getByTestId('glossary-save-close').click();
  await expect(dialog).toHaveCount(0);
  const stored = await request.get(`/api/rooms/${room.id}/glossary`, { headers: { 'x-host-key': hostKey } });
  expect(((await stored.json()) as { entries: { term: string }[] }).entries.map((e) => e.term)).toEqual(['Acme', 'Nguyễn']);
});
