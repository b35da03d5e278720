import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { say } from './support/room-pages';
import { llmUrl } from './support/llm';
import { DESKTOP, shots } from './support/screens';

const OWNER = { email: 'analytics-owner@example.com', password: 'owner-pass-1', name: 'Olivia Organiser' };
const LINES = ['Hola a todos', 'Bienvenidos a la sesión de hoy', 'Empezamos con el primer tema'];

async function ensureAccount(request: APIRequestContext, email: string, password: string, name: string): Promise<void> {
  const res = await request.post('/api/auth/signup', { data: { email, password, name } });
  if (!res.ok() && !(await res.text()).includes('already registered')) throw new Error(`signup answered ${res.status()}`);
}

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, locale: 'en-US' });
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
  return context.newPage();
}

/** The y-axis value at each line's highest marker, read from the tick label drawn at the same height. */
function drawnPeaks(chart: Locator): Promise<(string | undefined)[]> {
  return chart.evaluate((root) => {
    const middle = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.top + box.height / 2;
    };
    // The y-axis labels: the chart's only texts that are whole numbers (the x-axis says times).
    const ticks = Array.from(root.querySelectorAll('svg text'))
      .filter((text) => /^\d+$/.test((text.textContent ?? '').trim()))
      .map((text) => ({ value: (text.textContent ?? '').trim(), y: middle(text) }));
    const series = new Map<string, number>();
    for (const marker of Array.from(root.querySelectorAll('.analytics-marker'))) {
      const key = marker.getAttribute('data-series') ?? '';
      series.set(key, Math.min(series.get(key) ?? Infinity, middle(marker)));
    }
    return [...series.values()].map((top) => ticks.find((tick) => Math.abs(tick.y - top) < 3)?.value);
  });
}

test.beforeEach(async () => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
});

test("the owner follows the audience live on the host page, then reads the room's analytics with charts, tables and CSV", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  await ensureAccount(request, OWNER.email, OWNER.password, OWNER.name);
  const host = await newPage(browser, baseURL);
  await host.goto('/');
  await host.getByTestId('login-button').click();
  const dialog = host.getByRole('dialog');
  await dialog.getByTestId('auth-email').fill(OWNER.email);
  await dialog.getByTestId('auth-password').fill(OWNER.password);
  await dialog.getByTestId('auth-submit').click();
  await expect(host).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });

  await host.getByTestId('quick-create-room').click();
  await expect(host).toHaveURL(/\/room\//);
  const roomId = new URL(host.url()).pathname.split('/').pop() as string;
  await expect(host.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await host.getByTestId('input-language').selectOption('es');
  await host.getByTestId('toggle-room').click();
  await expect(host.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await host.getByTestId('toggle-recording').click();

  const viewers: Page[] = [];
  for (const lang of ['en', 'fr', 'fr']) {
    const viewer = await newPage(browser, baseURL);
    await viewer.goto(`/view/${roomId}?lang=${lang}`);
    await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');
    viewers.push(viewer);
  }
  for (const [i, line] of LINES.entries()) {
    await say(host, line);
    for (const viewer of viewers) await expect(viewer.getByTestId('translated-message')).toHaveCount(i + 1);
  }

  // The host's panel: viewers now per language, and the caption delay of the last minute.
  const panel = host.getByTestId('live-analytics');
  await expect(panel).toBeVisible();
  await expect(panel.locator('[data-testid="live-analytics-row"][data-lang="fr"] td').first()).toHaveText('2', { timeout: 25_000 });
  await expect(panel.locator('[data-testid="live-analytics-row"][data-lang="en"] td').first()).toHaveText('1');
  await expect(panel).toContainText('3 viewers');
  await expect(panel.locator('[data-testid="live-analytics-row"][data-lang="fr"] td').nth(1)).toHaveText(/^[\d,]+ ms$/, {
    timeout: 25_000,
  });
  await panel.scrollIntoViewIfNeeded();
  await shots(host, 'analytics-host-panel');

  // From Active rooms to the room's page: the figures, once written.
  await host.goto('/dashboard/active');
  await host.locator(`[data-testid="active-room-row"][data-room-id="${roomId}"]`).getByTestId('open-analytics').click();
  await expect(host).toHaveURL(new RegExp(`/dashboard/analytics/${roomId}`));
  await expect(host.getByTestId('analytics-report')).toBeVisible();
  await expect(async () => {
    await host.reload();
    await expect(host.getByTestId('analytics-card-sentences').locator('.stat-value')).toHaveText('3', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(host.getByTestId('analytics-card-peak').locator('.stat-value')).toHaveText('3');
  await expect(host.getByTestId('analytics-card-unique').locator('.stat-value')).toHaveText('3');
  await expect(host.getByTestId('analytics-card-tokens').locator('.stat-value')).not.toHaveText('0');
  await expect(host.getByTestId('analytics-card-delay').locator('.stat-value')).toHaveText(/^[\d,]+ \/ [\d,]+ ms$/);

  // Three charts drawn as SVG, each with its data as a table for screen readers, shown on request.
  for (const id of ['viewers', 'delay', 'tokens']) {
    const chart = host.getByTestId(`analytics-chart-${id}`);
    await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
    await expect(chart.getByTestId(`analytics-table-${id}`)).toHaveClass(/visually-hidden/);
  }
  // Lines, not stacked: each language's highest point sits at its own count (stacked, French would be drawn at 3).
  const viewersChart = host.getByTestId('analytics-chart-viewers');
  await expect(viewersChart.locator('.recharts-line')).toHaveCount(2);
  expect((await drawnPeaks(viewersChart)).sort()).toEqual(['1', '2']);
  // Equal lines stay apart: each its own dash and marker shape.
  for (const id of ['viewers', 'delay']) {
    const chart = host.getByTestId(`analytics-chart-${id}`);
    const shapes = await chart.locator('.analytics-marker').evaluateAll((markers) => markers.map((m) => m.getAttribute('data-shape')));
    expect(new Set(shapes).size).toBe(2);
    const dashes = await chart
      .locator('.recharts-line-curve')
      .evaluateAll((curves) => curves.map((curve) => curve.getAttribute('stroke-dasharray') ?? ''));
    expect(new Set(dashes).size).toBe(dashes.length);
  }
  await shots(host, 'analytics-room');

  await host.getByTestId('analytics-toggle-viewers').click();
  const table = host.getByTestId('analytics-table-viewers');
  await expect(table).not.toHaveClass(/visually-hidden/);
  await expect(table.locator('thead th')).toHaveText(['Time', 'English (US)', 'Français']);
  const peakRow = await table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows
        .map((row) => Array.from(row.querySelectorAll('td')).map((cell) => Number(cell.textContent)))
        .find((cells) => cells[0] + cells[1] === 3),
    );
  expect(peakRow).toEqual([1, 2]);
  await expect(host.getByTestId('analytics-chart-viewers').locator('svg.recharts-surface')).toHaveCount(0);
  await host.getByTestId('analytics-table-tokens').evaluate((el) => el.scrollIntoView());
  await shots(host, 'analytics-room-table');

  // One table per file: the minutes, and the totals apart.
  const csvOf = async (table: 'steps' | 'totals') => {
    const [download] = await Promise.all([host.waitForEvent('download'), host.getByTestId(`analytics-export-${table}`).click()]);
    return {
      name: download.suggestedFilename(),
      lines: readFileSync((await download.path()) as string, 'utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n'),
    };
  };
  const minutes = await csvOf('steps');
  expect(minutes.name).toMatch(/^analytics-.+-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(minutes.lines[0].split(',').slice(0, 2)).toEqual(['minute', 'viewers']);
  expect(minutes.lines.slice(1, -1).every((line) => /^\d{4}-/.test(line))).toBe(true);
  const totals = await csvOf('totals');
  expect(totals.name).toMatch(/^analytics-.+-totals-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(totals.lines[0]).toBe('metric,value');
  expect(totals.lines).toEqual(expect.arrayContaining(['sentences,3', 'peak_viewers,3', 'unique_viewers,3']));
  expect(totals.lines.filter((line) => line === '')).toEqual(['']);

  // Another user's session gets no figures of this room.
  await ensureAccount(request, 'analytics-other@example.com', 'other-pass-1', 'Otto Other');
  const token = (
    await (
      await request.post('/api/auth/token?grant_type=password', {
        data: { email: 'analytics-other@example.com', password: 'other-pass-1' },
      })
    ).json()
  ).access_token;
  expect((await request.get(`/api/rooms/${roomId}/analytics`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(404);

  for (const page of [host, ...viewers]) await page.context().close();
});
