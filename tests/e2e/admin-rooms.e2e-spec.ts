import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { endRoom, LAPTOP, PHONE, quickRoom, shotBoth } from './support/room-pages';

const ADMIN = { email: 'admin@example.com', password: 'admin-pass-1', name: 'Ada Admin' };

async function ensureAccount(request: APIRequestContext, email: string, password: string, name: string): Promise<void> {
  const res = await request.post('/api/auth/signup', { data: { email, password, name } });
  if (!res.ok() && !(await res.text()).includes('already registered')) throw new Error(`signup answered ${res.status()}`);
}

async function adminPage(browser: Browser, baseURL: string | undefined, request: APIRequestContext): Promise<Page> {
  await ensureAccount(request, ADMIN.email, ADMIN.password, ADMIN.name);
  const context = await browser.newContext({ baseURL, viewport: LAPTOP });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('auth-email').fill(ADMIN.email);
  await dialog.getByTestId('auth-password').fill(ADMIN.password);
  await dialog.getByTestId('auth-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });
  return page;
}

test('the admin rooms tab tells a waiting room, a live room with its host, and one whose host has gone', async ({
  browser,
  baseURL,
  request,
}) => {
  const hostContext = await browser.newContext({ baseURL, viewport: LAPTOP });
  await hostContext.addInitScript(installFakeSpeechRecognition);
  const waitingHost = await hostContext.newPage();
  const waitingId = await quickRoom(waitingHost);
  const host = await hostContext.newPage();
  const liveId = await quickRoom(host);
  await host.getByTestId('input-language').selectOption('es');
  await host.getByTestId('toggle-room').click();
  await expect(host.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');

  const admin = await adminPage(browser, baseURL, request);
  await admin.getByTestId('nav-admin').click();
  await admin.getByRole('tab', { name: 'Rooms' }).click();
  const stateOf = (roomId: string) =>
    admin.locator(`[data-testid="admin-room-row"][data-room-id="${roomId}"] [data-testid="admin-room-state"]`);
  await expect(stateOf(waitingId)).toHaveText('Waiting to start');
  await expect(stateOf(liveId)).toHaveText('Live, host connected');
  await shotBoth(admin, 'admin-rooms-states');

  // The host closes the tab without ending the room.
  await host.close();
  await expect(async () => {
    await admin.reload();
    await admin.getByRole('tab', { name: 'Rooms' }).click();
    await expect(stateOf(liveId)).toHaveText('Live, no host connected', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await hostContext.close();
  await admin.context().close();
});

/** Where the table's last column ends, and whether its card can scroll to it. */
async function lastColumn(page: Page, table: string) {
  return page.locator(table).evaluate((el) => {
    const card = el.closest('.table-card') as HTMLElement;
    // Every control of the last cell of each row (on a phone the rows are cards and the header is hidden).
    const parts = Array.from(el.querySelectorAll('tbody tr')).flatMap((row) => {
      const cell = row.lastElementChild as HTMLElement | null;
      return cell ? [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('button, select, a'))] : [];
    });
    const right = Math.max(...parts.map((part) => part.getBoundingClientRect().right));
    const nav = document.querySelector('.sidebar ul')?.getBoundingClientRect();
    const heading = document.querySelector('main h1')?.getBoundingClientRect();
    return {
      /** Between the section tabs and the page's heading, on a phone. */
      gapUnderTabs: nav && heading && nav.bottom <= heading.top ? heading.top - nav.bottom : 0,
      right,
      viewport: window.innerWidth,
      pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
      cardRight: card.getBoundingClientRect().right,
      cardScrolls: card.scrollWidth > card.clientWidth && getComputedStyle(card).overflowX === 'auto',
    };
  });
}

test('every dashboard and admin table shows its last column, or scrolls to it, at 1280 px and on a phone', async ({
  browser,
  baseURL,
  request,
}) => {
  const admin = await adminPage(browser, baseURL, request);
  // One room ended (history) and one live (active rooms), with long names.
  for (const end of [true, false]) {
    await admin.goto('/dashboard');
    await admin.getByTestId('quick-create-room').click();
    await expect(admin).toHaveURL(/\/room\//);
    await admin.getByTestId('input-language').selectOption('es');
    await admin.getByTestId('toggle-room').click();
    await expect(admin.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
    if (end) {
      await endRoom(admin);
    }
  }
  const screens: [string, string, () => Promise<void>][] = [
    ['history', 'main table', async () => void (await admin.goto('/dashboard/history'))],
    ['active rooms', 'main table', async () => void (await admin.goto('/dashboard/active'))],
    [
      'admin users',
      'table[aria-label="Users"]',
      async () => {
        await admin.goto('/dashboard/admin');
        await admin.getByRole('tab', { name: 'Users' }).click();
      },
    ],
    [
      'admin rooms',
      'table[aria-label="Rooms"]',
      async () => {
        await admin.goto('/dashboard/admin');
        await admin.getByRole('tab', { name: 'Rooms' }).click();
      },
    ],
  ];
  for (const size of [{ width: 1280, height: 800 }, PHONE]) {
    await admin.setViewportSize(size);
    for (const [name, table, open] of screens) {
      await open();
      await expect(admin.locator(table)).toBeVisible();
      const seen = await lastColumn(admin, table);
      expect.soft(seen.pageScrolls, `${name} at ${size.width}: the page itself scrolls sideways`).toBe(false);
      expect.soft(seen.right, `${name} at ${size.width}: its last column runs out of its card`).toBeLessThanOrEqual(seen.cardRight + 1);
      expect.soft(seen.right, `${name} at ${size.width}: its last column runs out of the screen`).toBeLessThanOrEqual(seen.viewport);
      if (size === PHONE) expect.soft(seen.gapUnderTabs, `${name}: blank band under the tabs`).toBeLessThan(80);
      await admin.screenshot({ path: test.info().outputPath(`${name.replace(' ', '-')}-${size.width}.png`), fullPage: true });
    }
  }
  await shotBoth(admin, 'admin-users-table');
  await admin.context().close();
});
