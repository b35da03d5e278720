import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SHOTS = join(__dirname, '..', '..', 'test-results', 'screens');
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 768 };
const PASSWORD = 'glossary-pass-1';

const CSV = [
  'term,keep,es,en,fr,note',
  'Kubernetes,yes,,,,Product name',
  'keynote,no,ponencia,,"conférence ""plénière""","In this event, not ""discurso"""',
  'Nguyễn,yes,,,,"Speaker\'s name,',
  'spelled so"',
  'شبكة,no,red,network,,',
].join('\r\n');

/** The page at phone and desktop size: whole for a form, the view alone for a dialog (as the user sees it). */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const project = test.info().project.name;
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SHOTS, `${project}-${name}-${size}.png`), fullPage });
  }
}

const uniqueEmail = (info: TestInfo) => `glossary-${info.project.name}-${Date.now().toString(36)}-${info.retry}@example.com`;

test('an owner writes a glossary in the create form, imports a CSV in the edit form, exports it and saves', async ({
  page,
  request,
}, info) => {
  const email = uniqueEmail(info);
  expect((await request.post('/api/auth/signup', { data: { email, password: PASSWORD, name: 'Olga Owner' } })).ok()).toBe(true);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await page.getByTestId('login-button').click();
  await page.getByRole('dialog').getByTestId('auth-email').fill(email);
  await page.getByRole('dialog').getByTestId('auth-password').fill(PASSWORD);
  await page.getByRole('dialog').getByTestId('auth-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });

  await page.goto('/dashboard/create');
  await page.getByTestId('room-form-name').fill('Cloud summit');
  await expect(page.getByTestId('glossary-empty')).toBeVisible();
  await page.getByTestId('glossary-add').click();
  // The new term's input has the focus: typing goes straight in.
  await expect(page.getByTestId('glossary-term').last()).toBeFocused();
  await page.keyboard.type('Kubernetes');
  await page.getByTestId('glossary-keep').check();
  await page.getByTestId('glossary-add').click();
  await expect(page.getByTestId('glossary-term').last()).toBeFocused();
  await page.keyboard.type('kubernetes');
  await page.getByTestId('room-form-submit').click();
  // The same term twice is refused before anything is sent, naming the entry.
  await expect(page.getByTestId('glossary-problems')).toContainText(/2/);
  await expect(page.getByTestId('glossary-term').nth(1)).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('glossary-term').nth(1).fill('keynote');
  await page.getByTestId('glossary-entry').nth(1).getByTestId('glossary-translation-es').fill('ponencia');
  await expect(page.getByTestId('glossary-problems')).toHaveCount(0);
  await expect(page.getByTestId('glossary-count')).toContainText('2');
  await shot(page, 'glossary-create');
  await page.setViewportSize(DESKTOP);
  await page.getByTestId('room-form-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/scheduled$/);

  await page.getByTestId('scheduled-room').filter({ hasText: 'Cloud summit' }).getByTestId('edit-room').click();
  await expect(page.getByTestId('glossary-entry')).toHaveCount(2);
  await expect(page.getByTestId('glossary-term').first()).toHaveValue('Kubernetes');

  // A file with a bad row is refused whole, naming its line.
  await page
    .getByTestId('glossary-file')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('term,keep\nA,yes\nB,maybe\n') });
  await expect(page.getByTestId('glossary-import-result')).toContainText('3');
  await expect(page.getByTestId('glossary-import-result')).toContainText('maybe');
  await expect(page.getByTestId('glossary-entry')).toHaveCount(2);

  await page.getByTestId('glossary-file').setInputFiles({ name: 'event.csv', mimeType: 'text/csv', buffer: Buffer.from('\uFEFF' + CSV) });
  await page.getByTestId('glossary-import-replace').click();
  await expect(page.getByTestId('glossary-entry')).toHaveCount(4);
  await expect(page.getByTestId('glossary-term').nth(2)).toHaveValue('Nguyễn');
  await expect(page.getByTestId('glossary-note').nth(2)).toHaveValue("Speaker's name,\nspelled so");
  await expect(page.getByTestId('glossary-shown-languages')).toHaveText('es, en, fr');
  await shot(page, 'glossary-edit');
  await page.setViewportSize(DESKTOP);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('glossary-export').click()]);
  expect(download.suggestedFilename()).toBe('glossary-cloud-summit.csv');
  const exported = readFileSync(await download.path()).toString('utf8');
  expect(exported.startsWith('\uFEFFterm,keep,')).toBe(true);
  expect(exported).toMatch(/\r\nkeynote,no,ponencia,[^\r\n]*,"conférence ""plénière""",/);
  expect(exported).toContain('"Speaker\'s name,\nspelled so"');
  expect(exported).toContain('\r\nشبكة,no,red,network,');

  await page.getByTestId('room-form-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/scheduled$/);
  await page.getByTestId('scheduled-room').filter({ hasText: 'Cloud summit' }).getByTestId('edit-room').click();
  await expect(page.getByTestId('glossary-entry')).toHaveCount(4);
  await expect(page.getByTestId('glossary-entry').nth(1).getByTestId('glossary-translation-fr')).toHaveValue('conférence "plénière"');
});

test('an anonymous host edits the glossary on the host page, with the host key never in a URL', async ({ page, request }) => {
  const created = await request.post('/api/rooms', { data: { name: 'Walk-in talk' } });
  const { room, hostKey } = (await created.json()) as { room: { id: string }; hostKey: string };
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await page.setViewportSize(DESKTOP);
  await page.goto(`/room/${room.id}#key=${hostKey}`);

  await expect(page.getByTestId('open-glossary')).toBeVisible();
  await shot(page, 'glossary-host-page');
  await page.setViewportSize(DESKTOP);
  await page.getByTestId('open-glossary').click();
  const dialog = page.getByTestId('glossary-dialog');
  await expect(dialog.getByTestId('glossary-empty')).toBeVisible();
  await dialog.getByTestId('glossary-add').click();
  await expect(dialog.getByTestId('glossary-term').last()).toBeFocused();
  await page.keyboard.type('Nguyễn');
  await dialog.getByTestId('glossary-keep').check();
  await dialog.getByTestId('glossary-add').click();
  await expect(dialog.getByTestId('glossary-term').last()).toBeFocused();
  await page.keyboard.type('keynote');
  await dialog.getByTestId('glossary-entry').nth(1).getByTestId('glossary-translation-es').fill('ponencia');
  await dialog.getByTestId('glossary-note').nth(1).fill('Así en este evento');
  await dialog.getByTestId('glossary-save').click();
  await expect(dialog.getByTestId('glossary-saved')).toContainText('1');
  await shot(page, 'glossary-host', false);

  await page.setViewportSize(DESKTOP);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('open-glossary')).toBeFocused();

  const stored = await request.get(`/api/rooms/${room.id}/glossary`, { headers: { 'x-host-key': hostKey } });
  expect(await stored.json()).toEqual({
    room_id: room.id,
    version: 1,
    entries: [
      { term: 'Nguyễn', keep: true, translations: {} },
      { term: 'keynote', keep: false, translations: { es: 'ponencia' }, note: 'Así en este evento' },
    ],
  });
  expect(urls.filter((u) => u.includes(hostKey))).toEqual([]);
});
