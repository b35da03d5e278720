import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { installFakeSpeechRecognition } from './support/fake-speech';
import { endRoom, LAPTOP, PHONE, quickRoom, say } from './support/room-pages';
import { UI_ON_DISTRIBUTED } from './support/tags';
import { llmUrl } from './support/llm';
import { resized } from './support/screens';

const SHOTS = join(__dirname, '..', '..', 'test-results', 'screens');
const ADMIN = { email: 'admin@example.com', password: 'admin-pass-1', name: 'Ada Admin' };
const SIZES = [
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const;

/** One serious or critical axe finding, as a person reads it in the failure message. */
interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  target: string;
  summary: string;
}

/**
 * Scans the page as it stands at the phone's and the laptop's size (axe's own rules, every tag) and keeps a
 * screenshot of each; answers the serious and critical findings. The page is left at the laptop's size.
 */
async function scan(page: Page, screen: string): Promise<Finding[]> {
  mkdirSync(SHOTS, { recursive: true });
  const findings: Finding[] = [];
  for (const [size, viewport] of SIZES) {
    // Layout and transitions settle after a resize; axe reads computed colours.
    await resized(page, viewport);
    const results = await new AxeBuilder({ page }).analyze();
    for (const violation of results.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      for (const node of violation.nodes) {
        findings.push({
          screen: `${screen} (${size})`,
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          target: node.target.join(' > '),
          summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
        });
      }
    }
    await page.screenshot({ path: join(SHOTS, `${test.info().project.name}-a11y-${screen}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(LAPTOP);
  if (findings.length > 0) console.log(report(findings));
  return findings;
}

function report(findings: Finding[]): string {
  if (findings.length === 0) return 'no serious or critical violation';
  return [
    `${findings.length} serious or critical axe violation(s):`,
    ...findings.map((f) => `- [${f.screen}] ${f.rule} (${f.impact}): ${f.help}\n    at ${f.target}\n    ${f.summary}`),
  ].join('\n');
}

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: LAPTOP, locale: 'en-US' });
  await context.addInitScript(installFakeSpeechRecognition);
  await context.grantPermissions(['microphone']);
  return context.newPage();
}

async function ensureAccount(request: APIRequestContext, email: string, password: string, name: string): Promise<void> {
  const res = await request.post('/api/auth/signup', { data: { email, password, name } });
  if (!res.ok() && !(await res.text()).includes('already registered')) throw new Error(`signup answered ${res.status()}`);
}

/** Starts the host page's room in Spanish and its microphone. */
async function goLive(host: Page): Promise<void> {
  await expect(host.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await host.getByTestId('input-language').selectOption('es');
  await host.getByTestId('toggle-room').click();
  await expect(host.getByTestId('room-status-badge')).toHaveAttribute('data-active', 'true');
  await host.getByTestId('toggle-recording').click();
  await expect(host.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'true');
}

/** The viewer's reading settings scanned: every colour scheme, the sizes spread over them. */
const READING = [
  { size: 'normal', theme: 'light', lines: 0 },
  { size: 'large', theme: 'dark', lines: 0 },
  { size: 'largest', theme: 'contrast', lines: 2 },
];

const LINES = ['Hola a todos', 'Bienvenidos a la sesión de hoy', 'Empezamos con el primer tema'];

test.beforeEach(async () => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
});

test(
  'the landing, host, viewer and caption pages of a live room have no serious or critical axe violation',
  UI_ON_DISTRIBUTED,
  async ({ browser, baseURL }) => {
    // A scan per reading setting too, each at two sizes, on a machine that may be busy.
    test.setTimeout(900_000);
    const findings: Finding[] = [];

    const host = await newPage(browser, baseURL);
    await host.goto('/');
    findings.push(...(await scan(host, 'landing')));
    await host.getByTestId('login-button').click();
    await expect(host.getByRole('dialog')).toBeVisible();
    findings.push(...(await scan(host, 'landing-login-dialog')));
    await host.keyboard.press('Escape');

    const roomId = await quickRoom(host);
    await goLive(host);
    const viewer = await newPage(browser, baseURL);
    await viewer.goto(`/view/${roomId}?lang=en`);
    await expect(viewer.getByTestId('viewer-status')).toHaveText('Live');
    for (const [i, line] of LINES.entries()) {
      await say(host, line);
      await expect(viewer.getByTestId('translated-message')).toHaveCount(i + 1);
    }
    findings.push(...(await scan(host, 'host')));
    await host.getByTestId('qr-fullscreen').click();
    await expect(host.getByTestId('qr-dialog')).toBeVisible();
    findings.push(...(await scan(host, 'host-qr-dialog')));
    await host.keyboard.press('Escape');

    findings.push(...(await scan(viewer, 'viewer')));
    await viewer.getByTestId('viewer-language').click();
    await expect(viewer.getByTestId('language-options')).toBeVisible();
    findings.push(...(await scan(viewer, 'viewer-language-picker')));
    await viewer.keyboard.press('Escape');
    await viewer.getByTestId('generate-summary').click();
    await expect(viewer.getByTestId('summary-text')).toBeVisible();
    findings.push(...(await scan(viewer, 'viewer-summary')));
    await viewer.keyboard.press('Escape');
    // Each reading setting, with its settings panel open: the colours of every part, the chips included.
    for (const reading of READING) {
      await viewer.evaluate((value) => window.localStorage.setItem('lt.reading.viewer', value), JSON.stringify(reading));
      await viewer.reload();
      await expect(viewer.getByTestId('translated-message').first()).toBeVisible();
      await viewer.getByTestId('viewer-settings').click();
      findings.push(...(await scan(viewer, `viewer-reading-${reading.theme}-${reading.size}`)));
      await viewer.keyboard.press('Escape');
    }

    // Questions from the audience: the viewer's ask form and list, and the host's panel with a question in it.
    await host.getByTestId('questions-switch').check();
    await viewer.getByTestId('questions-open').click();
    await viewer.getByTestId('question-input').fill('¿Habrá una grabación de la sesión?');
    await viewer.getByTestId('question-send').click();
    await expect(viewer.getByTestId('question')).toHaveCount(1);
    findings.push(...(await scan(viewer, 'viewer-questions')));
    await viewer.keyboard.press('Escape');
    await expect(host.getByTestId('question')).toHaveCount(1);
    await host.getByTestId('question-original-toggle').click();
    findings.push(...(await scan(host, 'host-questions')));

    const overlay = await viewer.context().newPage();
    await overlay.goto(`/view/${roomId}/captions?lang=en`);
    await expect(overlay.getByTestId('caption-line').first()).toBeVisible();
    findings.push(...(await scan(overlay, 'overlay')));
    await overlay.getByTestId('overlay-settings').focus();
    await overlay.keyboard.press('Enter');
    await overlay.getByRole('radio', { name: 'High contrast' }).check();
    findings.push(...(await scan(overlay, 'overlay-reading-settings')));

    expect(findings, report(findings)).toEqual([]);
    for (const page of [host, viewer]) await page.context().close();
  },
);

test(
  'a signed-in host with a guest speaker, the dashboard and the admin pages have no serious or critical axe violation',
  UI_ON_DISTRIBUTED,
  async ({ browser, baseURL, request }) => {
    // Twenty screens, each scanned at two sizes.
    test.setTimeout(420_000);
    await ensureAccount(request, ADMIN.email, ADMIN.password, ADMIN.name);
    await ensureAccount(request, 'reader-a11y@example.com', 'reader-pass-1', 'Rita Reader');
    const findings: Finding[] = [];
    const admin = await newPage(browser, baseURL);
    await admin.goto('/');
    await admin.getByTestId('login-button').click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByTestId('auth-email').fill(ADMIN.email);
    await dialog.getByTestId('auth-password').fill(ADMIN.password);
    await dialog.getByTestId('auth-submit').click();
    await expect(admin).toHaveURL(/\/dashboard\/?$/, { timeout: 15_000 });

    // One room live (the active rooms), then one with a guest speaker, spoken in and ended (the history).
    for (const end of [false, true]) {
      await admin.goto('/dashboard');
      await admin.getByTestId('quick-create-room').click();
      await expect(admin).toHaveURL(/\/room\//);
      await goLive(admin);
      if (!end) continue;
      await say(admin, LINES[0]);
      await expect(admin.getByTestId('transcript-entry')).toHaveCount(1);
      await admin.getByTestId('speaker-name').fill('Ana');
      await admin.getByTestId('invite-speaker').click();
      const invite = new URL((await admin.getByTestId('speaker-invite-link').textContent()) ?? '');
      const speaker = await newPage(browser, baseURL);
      await speaker.goto(invite.pathname + invite.search);
      await expect(speaker.getByTestId('speaker-join')).toContainText('Welcome, Ana');
      findings.push(...(await scan(speaker, 'speaker-join')));
      await speaker.getByTestId('speaker-language').selectOption('es');
      await speaker.getByTestId('speaker-join-button').click();
      await expect(speaker.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
      await speaker.getByTestId('toggle-speaking').click();
      await say(speaker, LINES[1]);
      await expect(admin.getByTestId('transcript-entry')).toHaveCount(2);
      findings.push(...(await scan(speaker, 'speaker')));
      findings.push(...(await scan(admin, 'host-signed-in')));
      await speaker.context().close();
      await endRoom(admin);
    }

    for (const [screen, path] of [
      ['dashboard', '/dashboard'],
      ['dashboard-create', '/dashboard/create'],
      ['dashboard-scheduled', '/dashboard/scheduled'],
      ['dashboard-active', '/dashboard/active'],
      ['dashboard-account', '/dashboard/account'],
      ['dashboard-history', '/dashboard/history'],
    ]) {
      await admin.goto(path);
      await expect(admin.locator('main h1').first()).toBeVisible();
      await admin.waitForLoadState('networkidle');
      findings.push(...(await scan(admin, screen)));
    }
    // The account page's data archive, once downloaded (its status line and button); the create form above has the
    // retention setting, and the history each room's retention.
    await admin.goto('/dashboard/account');
    const downloaded = admin.waitForEvent('download');
    await admin.getByTestId('data-archive-download').click();
    await downloaded;
    await expect(admin.getByTestId('data-archive-status')).toContainText('Archive downloaded');
    findings.push(...(await scan(admin, 'dashboard-account-archive')));
    await admin.goto('/dashboard/history');
    await expect(admin.getByTestId('history-retention').first()).toBeVisible();
    await admin.getByTestId('view-transcript').first().click();
    await expect(admin.getByTestId('transcript-modal')).toBeVisible();
    findings.push(...(await scan(admin, 'dashboard-transcript')));
    await admin.keyboard.press('Escape');
    await expect(admin.getByTestId('transcript-modal')).toBeHidden();
    await admin.getByTestId('open-analytics').first().click();
    await expect(admin.getByTestId('analytics-report')).toBeVisible();
    await expect(admin.getByTestId('analytics-chart-viewers').or(admin.getByTestId('analytics-empty'))).toBeVisible();
    await admin.waitForLoadState('networkidle');
    findings.push(...(await scan(admin, 'dashboard-analytics')));

    await admin.goto('/dashboard/admin');
    for (const tab of ['users', 'rooms', 'stats']) {
      await admin.getByTestId(`admin-tab-${tab}`).click();
      await admin.waitForLoadState('networkidle');
      findings.push(...(await scan(admin, `admin-${tab}`)));
    }
    // On a phone every section is in sight, whole, the last one too.
    await admin.setViewportSize(PHONE);
    await expect(admin.getByTestId('nav-admin')).toBeInViewport({ ratio: 1 });

    expect(findings, report(findings)).toEqual([]);
    await admin.context().close();
  },
);
