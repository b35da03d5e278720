import { test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const SHOTS = join(__dirname, '..', '..', '..', 'test-results', 'screens');
export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };

/** Full-page screenshots of the page at laptop and phone size (test-results/screens), back at laptop size after. */
export async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const project = test.info().project.name;
  for (const [size, viewport] of [
    ['laptop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SHOTS, `${project}-${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}
