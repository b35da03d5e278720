import { expect, test, type APIRequestContext, type Page, type WebSocketRoute } from '@playwright/test';
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

/** Signs in on the landing page's dialog; the page is then on the dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByTestId('login-button').click();
  await page.getByRole('dialog').getByTestId('auth-email').fill(email);
  await page.getByRole('dialog').getByTestId('auth-password').fill(password);
  await page.getByRole('dialog').getByTestId('auth-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });
}

/** A new owner (by the API) and a room of theirs: its id, and the owner's email and password to sign in with. */
export async function ownerWithRoom(request: APIRequestContext, prefix: string, roomName: string) {
  const info = test.info();
  const email = `${prefix}-${info.project.name}-${Date.now().toString(36)}-${info.retry}@example.com`;
  const password = 'owner-pass-1';
  expect((await request.post('/api/auth/signup', { data: { email, password, name: 'Olga Owner' } })).status()).toBe(200);
  const token = await request.post('/api/auth/token?grant_type=password', { data: { email, password } });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const created = await request.post('/api/rooms', { data: { name: roomName }, headers: { Authorization: `Bearer ${accessToken}` } });
  const roomId = ((await created.json()) as { room: { id: string } }).room.id;
  return { email, password, accessToken, roomId };
}

/** The host page of an anonymous room, its input language set and the room started; answers the room's id. */
export async function startedQuickRoom(page: Page, inputLanguage: string): Promise<string> {
  const roomId = await quickRoom(page);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('input-language').selectOption(inputLanguage);
  await startRoom(page);
  return roomId;
}

/** Starts the room from its host page. */
export async function startRoom(page: Page): Promise<void> {
  await page.getByTestId('toggle-room').click();
  await expect(page.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
}

/** The owner signs in and hosts their room (started, in `from`); then invites a speaker: the invite's path. */
export async function hostAndInvite(host: Page, owner: { email: string; password: string; roomId: string }, from: string, speaker: string) {
  await signIn(host, owner.email, owner.password);
  await host.goto(`/room/${owner.roomId}?from=${from}`);
  await expect(host.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await startRoom(host);
  await host.getByTestId('speaker-name').fill(speaker);
  await host.getByTestId('invite-speaker').click();
  const invite = new URL((await host.getByTestId('speaker-invite-link').textContent()) ?? '');
  return invite.pathname + invite.search;
}
