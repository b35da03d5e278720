import { expect, test, type Page } from '@playwright/test';
import { ownerWithRoom, signIn } from './support/room-pages';
import { PHONE, shots } from './support/screens';
import { UI } from './support/tags';

/** Every link of the dashboard's sections shows its whole label inside the screen. */
async function expectWholeSections(page: Page): Promise<void> {
  const links = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');
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
