import { test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const SHOTS = join(__dirname, '..', '..', '..', 'test-results', 'screens');
export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };

/**
 * Sets the page's size and waits until it has laid itself out for it: the window has the new width and no
 * transition or animation that ends is still running (screenshots and axe read what is drawn and computed).
 */
export async function resized(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.waitForFunction(
    (width) =>
      window.innerWidth === width &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    viewport.width,
  );
}

/** Full-page screenshots of the page at laptop and phone size (test-results/screens), back at laptop size after. */
export async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const project = test.info().project.name;
  for (const [size, viewport] of [
    ['laptop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await resized(page, viewport);
    await page.screenshot({ path: join(SHOTS, `${project}-${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}
