import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const SHOTS = join(__dirname, '..', '..', '..', 'test-results', 'screens');
/** A phone in the audience and the host's laptop. */
export const PHONE = { width: 375, height: 812 };
export const LAPTOP = { width: 1366, height: 768 };

/** Screenshots at the laptop's size, then the phone's; the page is left at the laptop's size. */
export async function shotBoth(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const project = test.info().project.name;
  await page.setViewportSize(LAPTOP);
  await page.screenshot({ path: join(SHOTS, `${project}-${name}-laptop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(SHOTS, `${project}-${name}-phone.png`), fullPage: true });
  await page.setViewportSize(LAPTOP);
}

/** Creates an anonymous room from the landing page and answers its id; the page is its host page. */
export async function quickRoom(page: Page): Promise<string> {
  await page.goto('/');
  await page.getByTestId('create-room').click();
  await expect(page).toHaveURL(/\/room\//);
  return new URL(page.url()).pathname.split('/').pop() as string;
}

export async function say(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => (window as unknown as { __speech: { listening(): number } }).__speech.listening())).toBe(1);
  await page.evaluate(
    (t) => (window as unknown as { __speech: { say(t: string, c: number, f: boolean): number } }).__speech.say(t, 0.95, true),
    text,
  );
}

/**
 * Routes the page's live socket through the test: the page's frames wait until `release()` (a slow first
 * join), and `drop()` closes the page's side as a lost connection would.
 */
export async function routeLiveSocket(page: Page, { hold = false } = {}) {
  let release: () => void = () => undefined;
  const released = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const routes: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    routes.push(ws);
    const server = ws.connectToServer();
    ws.onMessage((message) => void released.then(() => server.send(message)));
    server.onMessage((message) => ws.send(message));
  });
  return {
    release: () => release(),
    drop: async () => {
      for (const ws of routes.splice(0)) await ws.close({ code: 1006, reason: 'test: connection lost' }).catch(() => undefined);
    },
  };
}

/** End Room, confirmed in the page's dialog; the host page then shows the ended room. */
export async function endRoom(page: Page): Promise<void> {
  await page.getByTestId('end-room').click();
  await page.getByRole('alertdialog').getByTestId('confirm-accept').click();
  await expect(page.getByTestId('room-ended')).toBeVisible();
}
