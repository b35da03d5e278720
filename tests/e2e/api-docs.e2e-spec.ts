import { expect, test } from '@playwright/test';
import { watchViolations } from './support/csp';
import { UI } from './support/tags';

test(
  'the API docs page shows every operation and tries one out under the Content-Security-Policy, with no violation',
  UI,
  async ({ page }) => {
    const violations = await watchViolations(page);
    // Any other error of the page counts too.
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (error) => violations.push(error.message));

    const res = await page.goto('/api/docs');
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: /Live translation rooms API/ })).toBeVisible();
    // The viewer's transcript routes share the prefix: the first is the room itself.
    await expect(page.locator('.opblock-summary-path', { hasText: '/api/view/{roomId}' }).first()).toBeVisible();
    const operations = await page.locator('.opblock').count();
    const documented = Object.values(
      ((await (await page.request.get('/api/docs.json')).json()) as { paths: Record<string, object> }).paths,
    );
    expect(operations).toBe(documented.reduce((n, item) => n + Object.keys(item).length, 0));

    const create = page.locator('#operations-rooms-createRoom');
    await create.locator('.opblock-summary').click();
    await create.getByRole('button', { name: 'Try it out' }).click();
    await create.getByRole('button', { name: 'Execute' }).click();
    await expect(create.locator('.live-responses-table .response .response-col_status')).toHaveText('201');
    expect(violations).toEqual([]);
  },
);
