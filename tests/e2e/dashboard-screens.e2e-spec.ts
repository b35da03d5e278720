import { expect, test, type Page } from '@playwright/test';
import { ownerWithRoom, signIn } from './support/room-pages';
import { PHONE, shots } from './support/screens';
import { UI } from './support/tags';

/** Every link of the dashboard's sections shows its whole label inside the screen. */
async function expectWholeSections(page: Page): Promise<void> {
  // The sections' navigation, in either interface language.
  const links = page.locator('nav.sidebar').getByRole('link');
  await expect(links).toHaveCount(6);
  for (const link of await links.all()) {
    await expect(link).toBeInViewport({ ratio: 1 });
    expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
}

test('on a phone the dashboard shows every section whole and keeps the interface language at hand', UI, async ({ page, request }) => {
  const owner = await ownerWithRoom(request, 'phone-nav', 'Phone nav');
  await page.setViewportSize(PHONE);
  await signIn(page, owner.email, owner.password);
  await expectWholeSections(page);
  const localeSwitch = page.getByTestId('locale-switch');
  await expect(localeSwitch).toBeInViewport({ ratio: 1 });
  await shots(page, 'dashboard-phone-nav');

  await page.setViewportSize(PHONE);
  await localeSwitch.selectOption('es');
  await expect(page.getByTestId('nav-account')).toHaveText('Mi Cuenta');
  await expectWholeSections(page);
  await page.getByTestId('nav-account').click();
  await expect(page.getByTestId('nav-account')).toHaveClass(/active/);
  await expect(page.getByTestId('nav-account')).toBeInViewport({ ratio: 1 });
  await shots(page, 'dashboard-phone-nav-es');
});

test('deleting an account offers the archive first and says afterwards that it is gone', UI, async ({ page, request }) => {
  const owner = await ownerWithRoom(request, 'delete-account', 'Last room');
  await signIn(page, owner.email, owner.password);
  await page.getByTestId('nav-account').click();
  await page.getByTestId('account-delete').click();
  await expect(page.getByTestId('account-delete-archive')).toContainText('Before you go: download your data.');
  const saved = page.waitForEvent('download');
  await page.getByTestId('account-delete-archive-download').click();
  expect((await saved).suggestedFilename()).toMatch(/\.zip$/);
  await expect(page.getByTestId('account-delete-archive-status')).toHaveText('Archive downloaded. You can now delete the account.');
  await shots(page, 'dashboard-account-delete');

  await page.getByTestId('account-delete-confirm').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-deleted')).toHaveText('Your account, its rooms and their transcripts were deleted.');
  await shots(page, 'landing-account-deleted');
});

test("signing in where the profile keeps another interface language says so and offers the page's back", UI, async ({ page, request }) => {
  const owner = await ownerWithRoom(request, 'profile-locale', 'Sala');
  const saved = await request.patch('/api/profile', { data: { locale: 'es' }, headers: { Authorization: `Bearer ${owner.accessToken}` } });
  expect(saved.ok()).toBe(true);
  await signIn(page, owner.email, owner.password);
  const notice = page.getByTestId('profile-locale-notice');
  await expect(notice).toContainText('La interfaz está ahora en Español, el idioma guardado en tu cuenta.');
  await shots(page, 'profile-locale-notice');
  await notice.getByTestId('profile-locale-back').click();
  await expect(page.getByTestId('nav-account')).toHaveText('My Account');
  await expect(notice).toHaveCount(0);
});
