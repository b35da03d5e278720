import { expect, test } from '@playwright/test';
import { watchViolations } from './support/csp';

test('the pages load and a room connects under the Content-Security-Policy, with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: 'AI Translation Rooms' })).toBeVisible();
  await page.getByTestId('create-room').click();
  await expect(page).toHaveURL(/\/room\/[0-9a-f-]{36}/);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  const roomId = /\/room\/([0-9a-f-]{36})/.exec(page.url())?.[1] as string;
  await page.goto(`/view/${roomId}?lang=fr`);
  await expect(page.getByTestId('viewer-status')).toBeVisible();
  expect(violations).toEqual([]);
});
