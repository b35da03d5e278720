import { expect, test, type Page } from '@playwright/test';

/** Every Content-Security-Policy violation the page reports, from the DOM event and the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (what: string) => violations.push(what));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(w: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

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
