import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { llmUrl } from './support/llm';
import { resized } from './support/screens';

const SHOTS = join(__dirname, '..', '..', 'test-results', 'screens');
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const PASSWORD = 'questions-pass-1';

/** The fake language model answers a translation as `(lang) text`. */
const JAPANESE = '次の<b>バージョン</b>はいつですか？';
const FRENCH = 'Y aura-t-il une vidéo de la session ?';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const project = test.info().project.name;
  for (const [size, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    await resized(page, viewport);
    await page.screenshot({ path: join(SHOTS, `${project}-questions-${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(LAPTOP);
}

/** A viewer in a browser of its own (its own client id), reading the room in `lang`, with the questions open. */
async function viewerIn(browser: Browser, baseURL: string | undefined, roomId: string, lang: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: LAPTOP, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`/view/${roomId}?lang=${lang}`);
  await page.getByTestId('questions-open').click();
  await expect(page.getByTestId('questions-sheet')).toBeVisible();
  return page;
}

test.beforeEach(async () => {
  await fetch(`${llmUrl()}/__reset`, { method: 'POST' });
});

test('the host reads a question asked in Japanese in Spanish, with its original; viewers upvote; the host answers and hides', async ({
  page,
  browser,
  baseURL,
  request,
}, info) => {
  test.setTimeout(120_000);
  const email = `questions-${info.project.name}-${Date.now().toString(36)}-${info.retry}@example.com`;
  const signup = await request.post('/api/auth/signup', { data: { email, password: PASSWORD, name: 'Quinn Host' } });
  const token = ((await signup.json()) as { session: { access_token: string } }).session.access_token;
  const created = await request.post('/api/rooms', {
    data: { name: 'Ask me anything', source_language: 'es' },
    headers: { authorization: `Bearer ${token}` },
  });
  const { room, hostKey } = (await created.json()) as { room: { id: string }; hostKey: string };

  await page.setViewportSize(LAPTOP);
  await page.goto(`/room/${room.id}#key=${hostKey}`);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  const panel = page.getByTestId('questions-panel');
  await expect(panel.getByTestId('questions-empty')).toHaveText('Questions are turned off.');

  // Off by default: the viewer has no Questions button until the host turns them on.
  const ja = await browser.newContext({ baseURL, viewport: LAPTOP, locale: 'en-US' }).then((c) => c.newPage());
  await ja.goto(`/view/${room.id}?lang=ja`);
  await expect(ja.getByTestId('viewer-status')).toBeVisible();
  await expect(ja.getByTestId('questions-open')).toHaveCount(0);
  await page.getByTestId('questions-switch').check();
  await expect(panel.getByTestId('questions-empty')).toHaveText('No questions yet.');
  await ja.getByTestId('questions-open').click();

  // A viewer asks in Japanese; markup in it stays text.
  await ja.getByTestId('question-input').fill(JAPANESE);
  await ja.getByTestId('question-send').click();
  await expect(ja.getByTestId('question-text')).toHaveText(JAPANESE);
  await expect(ja.getByTestId('question-text').locator('b')).toHaveCount(0);
  await shot(ja, 'viewer-sheet');

  // The host reads it in the room's language, live, with the original one click away.
  const question = panel.getByTestId('question');
  await expect(question.getByTestId('question-text')).toHaveText(`(es) ${JAPANESE}`);
  await expect(question.getByTestId('question-text')).toHaveAttribute('lang', 'es');
  await question.getByTestId('question-original-toggle').click();
  await expect(question.getByTestId('question-original')).toContainText(JAPANESE);
  await expect(question.getByTestId('question-original').locator('[lang="ja"]')).toHaveText(JAPANESE);

  // Another viewer, in French, reads it translated into French and upvotes it once.
  const fr = await viewerIn(browser, baseURL, room.id, 'fr');
  await expect(fr.getByTestId('question-text')).toHaveText(`(fr) ${JAPANESE}`);
  await fr.getByTestId('question-upvote').click();
  await expect(fr.getByTestId('question-upvote')).toHaveAttribute('aria-pressed', 'true');
  await expect(fr.getByTestId('question-upvote')).toBeDisabled();
  await expect(question.getByTestId('question-votes')).toHaveText('Votes: 1');
  await expect(ja.getByTestId('question-votes')).toHaveText('Votes: 1');

  // A second question, in French: sorted by votes the first stays on top, by time the newest is.
  await fr.getByTestId('question-input').fill(FRENCH);
  await fr.getByTestId('question-send').click();
  await expect(panel.getByTestId('question')).toHaveCount(2);
  await expect(panel.getByTestId('question-text')).toHaveText([`(es) ${JAPANESE}`, `(es) ${FRENCH}`]);
  await panel.getByTestId('questions-order').selectOption('time');
  await expect(panel.getByTestId('question-text')).toHaveText([`(es) ${FRENCH}`, `(es) ${JAPANESE}`]);
  await panel.getByTestId('questions-order').selectOption('votes');
  await shot(page, 'host-panel');

  // The host marks the first answered: every viewer sees it; then hides the second: it is gone for everyone.
  await question.first().getByTestId('question-answer').click();
  await expect(ja.locator('[data-testid="question"][data-status="answered"]')).toHaveCount(1);
  await expect(fr.locator('[data-testid="question"][data-status="answered"]')).toHaveText(/Answered/);
  await panel.getByTestId('question').filter({ hasText: FRENCH }).getByTestId('question-hide').click();
  await expect(page.getByRole('alertdialog')).toContainText('Hide this question for everyone?');
  await page.getByRole('alertdialog').getByTestId('confirm-accept').click();
  await expect(panel.getByTestId('question')).toHaveCount(1);
  await expect(fr.getByTestId('question')).toHaveCount(1);
  await expect(ja.getByTestId('question')).toHaveCount(1);
  await expect(ja.getByTestId('question-text')).toHaveText(JAPANESE);
  await shot(page, 'host-panel-answered');

  // Turned off, the viewers' button goes.
  await page.getByTestId('questions-switch').uncheck();
  await ja.keyboard.press('Escape');
  await expect(ja.getByTestId('questions-open')).toHaveCount(0);
  for (const viewer of [ja, fr]) await viewer.context().close();
});
