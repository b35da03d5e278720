import { expect, test } from '@playwright/test';
import { DESKTOP, shots } from './support/screens';

const OWNER = { email: 'ended-owner@example.com', password: 'owner-pass-1', name: 'Elena Ended' };

test('the owner sets what an ended room may spend in the edit form, and reads it with what was spent in the analytics', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const signup = await request.post('/api/auth/signup', { data: OWNER });
  if (!signup.ok() && !(await signup.text()).includes('already registered')) throw new Error(`signup answered ${signup.status()}`);
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('auth-email').fill(OWNER.email);
  await dialog.getByTestId('auth-password').fill(OWNER.password);
  await dialog.getByTestId('auth-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });

  const session = await request.post('/api/auth/token?grant_type=password', { data: { email: OWNER.email, password: OWNER.password } });
  const { access_token: token } = (await session.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/rooms', { headers, data: { name: 'Closing keynote', source_language: 'es' } });
  const { room } = (await created.json()) as { room: { id: string } };
  const roomId = room.id;
  await page.goto(`/dashboard/edit-room/${roomId}`);
  const allowance = page.getByTestId('room-form-ended-allowance');
  await expect(allowance).toHaveValue('');
  await allowance.fill('500');
  await shots(page, 'ended-allowance-form');
  await page.getByTestId('room-form-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/scheduled/);

  await page.goto(`/dashboard/edit-room/${roomId}`);
  await expect(page.getByTestId('room-form-ended-allowance')).toHaveValue('500');
  expect((await request.post(`/api/rooms/${roomId}/start`, { headers })).ok()).toBe(true);
  expect((await request.post(`/api/rooms/${roomId}/end`, { headers })).ok()).toBe(true);

  await page.goto(`/dashboard/analytics/${roomId}`);
  await expect(page.getByTestId('analytics-card-after-end').locator('.stat-value')).toHaveText('0 / 500', { timeout: 15_000 });
  await shots(page, 'ended-allowance-analytics');
  await context.close();
});
