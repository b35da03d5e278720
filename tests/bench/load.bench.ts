import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LANGUAGES, type CreateRoomResponse, type LanguageCode } from '@lt/contracts';
import { createTestDatabase, FakeOpenAiServer } from '@lt/testing';
import { AudienceStats, Viewer, type SummaryResult } from './load/audience';
import { Host } from './load/host';
import { f, mapLimited, pass, lagP95, percentile, sampleLoopLag, splitByStorms } from './load/numbers';
import { startProduct, type ProductMode } from './load/product';
import { ActivityStats, roomActivity } from './load/room-activity';

/**
 * The k6 scenarios of tests/load run here against the built product on 127.0.0.1: one room, a host speaking
 * RATE final sentences a second for MINUTES, VIEWERS viewers over LANGS; `churn` drops CHURN% of them every
 * minute and brings them back with `since`; `storm` has every viewer ask for the summary at once, STORMS
 * times, on its socket as the web viewer does (`summary_request`). The product runs in child processes, the clients and the fake language model here. Prints what
 * k6 would and exits 1 when a threshold fails (caption delay p95 >= 500 ms or p99 >= 1 s, a missed message,
 * a failed summary, in `storm` a caption p95 during the storms above 1.5 times the one without).
 * Usage: npm run bench:load -- --viewers 2000 --langs 3 --minutes 1 [--scenario soak|churn|storm|all]
 *        [--rate 2] [--mode embedded|distributed] [--churn-percent 15] [--storms 3] [--storm-size viewers] [--port 18500]
 *        [--llm-delay ms: each model answer that much later, to see the delay a slow model adds] [--questions 50] [--revisions 3]
 * The product takes this process's environment: a run past the provider's default LLM_RPM (500 calls a minute; ten
 * languages at 2 sentences a second are 1,200) sets it, e.g. LLM_RPM=100000 LLM_TPM=100000000 (the fake model has none).
 */
const { values: args } = parseArgs({
  options: {
    viewers: { type: 'string', default: '2000' },
    langs: { type: 'string', default: '3' },
    minutes: { type: 'string', default: '1' },
    scenario: { type: 'string', default: 'soak' },
    rate: { type: 'string', default: '2' },
    mode: { type: 'string', default: 'embedded' },
    'churn-percent': { type: 'string', default: '15' },
    storms: { type: 'string', default: '3' },
    'storm-size': { type: 'string' },
    drain: { type: 'string', default: '20' },
    port: { type: 'string', default: '18500' },
    'llm-delay': { type: 'string', default: '0' },
    questions: { type: 'string', default: '50' },
    revisions: { type: 'string', default: '3' },
  },
});

const SOURCE: LanguageCode = 'es';
/** Every language but the source's, the original ones first: `--langs 6` is the old audience, `--langs 51` a whole conference. */
const TARGETS: LanguageCode[] = LANGUAGES.map((l) => l.code).filter((code) => code !== SOURCE);

function positive(name: string, raw: string | undefined, max: number): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > max)
    throw new Error(`--${name} must be a number above 0 and at most ${max}, got "${raw}"`);
  return value;
}

function languages(raw: string): LanguageCode[] {
  if (/^\d+$/.test(raw)) return TARGETS.slice(0, positive('langs', raw, TARGETS.length));
  const list = raw.split(',').map((l) => l.trim()) as LanguageCode[];
  const unknown = list.filter((l) => !TARGETS.includes(l));
  if (unknown.length) throw new Error(`--langs: ${unknown.join(', ')} not among ${TARGETS.join(', ')}`);
  return list;
}

const VIEWERS = Math.round(positive('viewers', args.viewers, 100_000));
const LANGS = languages(String(args.langs));
const MINUTES = positive('minutes', args.minutes, 600);
// Three quarters of the socket's 20 frames a second, as the web client.
const RATE = positive('rate', args.rate, 15);
const CHURN = positive('churn-percent', args['churn-percent'], 100);
const STORMS = Math.round(positive('storms', args.storms, 100));
/** Summary requests of one storm: every viewer by default. */
const STORM_SIZE = Math.round(positive('storm-size', args['storm-size'] ?? args.viewers, 100_000));
const DRAIN_MS = positive('drain', args.drain, 600) * 1000;
const BASE_PORT = Math.round(positive('port', args.port, 65_000));
const LLM_DELAY_MS = Number(args['llm-delay']);
if (!Number.isFinite(LLM_DELAY_MS) || LLM_DELAY_MS < 0) throw new Error(`--llm-delay must be a number of ms, got "${args['llm-delay']}"`);
/** A normal room's audience questions (each upvoted by 5 viewers) and glossary revisions, spread over the run. */
const [QUESTIONS, REVISIONS] = [Math.round(Number(args.questions)), Math.round(Number(args.revisions))];
if (!(QUESTIONS >= 0 && REVISIONS >= 0)) throw new Error('--questions and --revisions must be numbers from 0');
const MODE = args.mode as ProductMode;
if (!['embedded', 'distributed'].includes(MODE)) throw new Error(`--mode must be embedded or distributed, got "${args.mode}"`);
type Scenario = 'soak' | 'churn' | 'storm';
const SCENARIOS: Scenario[] = args.scenario === 'all' ? ['soak', 'churn', 'storm'] : [args.scenario as Scenario];
if (!SCENARIOS.every((s) => ['soak', 'churn', 'storm'].includes(s)))
  throw new Error(`--scenario must be soak, churn, storm or all, got "${args.scenario}"`);

/** How much slower captions may be while a summary storm lasts than without one (p95 against p95). */
const STORM_RATIO = 1.5;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
interface Context {
  baseUrl: string;
  wsUrl: string;
  llm: FakeOpenAiServer;
  cpuSeconds: () => number;
}

async function createRoom(ctx: Context, name: string): Promise<CreateRoomResponse> {
  const res = await fetch(`${ctx.baseUrl}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ctx.baseUrl },
    body: JSON.stringify({ name }),
  });
  if (res.status !== 201) throw new Error(`POST /api/rooms answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as CreateRoomResponse;
}

/** Runs one scenario on a room of its own; returns whether its thresholds held. */
async function run(ctx: Context, scenario: Scenario): Promise<boolean> {
  const { room, hostKey } = await createRoom(ctx, `Load bench: ${scenario}`);
  const stats = new AudienceStats();
  const host = new Host(ctx.wsUrl, ctx.baseUrl, room.id, hostKey, SOURCE);
  await host.start();
  const viewers = Array.from({ length: VIEWERS }, (_, i) => new Viewer(ctx.wsUrl, ctx.baseUrl, room.id, LANGS[i % LANGS.length], stats));
  const joinStarted = performance.now();
  const joinMs = await mapLimited(viewers, 100, async (v) => {
    const t = performance.now();
    await v.connect();
    return performance.now() - t;
  });
  const rampMs = performance.now() - joinStarted;
  await sleep(1000);

  const sentences = Math.max(1, Math.round(RATE * MINUTES * 60));
  const holdMs = MINUTES * 60_000;
  const llmBefore = ctx.llm.calls.length;
  const cpuBefore = ctx.cpuSeconds();
  const speakStart = Date.now();
  const loopLag = sampleLoopLag();
  const background: Promise<unknown>[] = [];
  const timers: NodeJS.Timeout[] = [];
  if (scenario === 'churn') {
    for (let m = 0; (m + 0.5) * 60_000 < holdMs; m++) {
      timers.push(
        setTimeout(
          () => {
            const picked = viewers.filter(() => Math.random() * 100 < CHURN);
            // Spread over 5 s, each back after 1-3 s: a venue's Wi-Fi dropping people, not one cut.
            for (const v of picked) background.push(sleep(Math.random() * 5000).then(() => v.churn(1000 + Math.random() * 2000)));
          },
          (m + 0.5) * 60_000,
        ),
      );
    }
  }
  const activity = new ActivityStats();
  const act = { baseUrl: ctx.baseUrl, roomId: room.id, hostKey, viewers, questions: QUESTIONS, revisions: REVISIONS, holdMs };
  background.push(roomActivity(act, activity));
  const summaries: SummaryResult[] = [];
  /** [first request, last answer] of each storm. */
  const storms: [number, number][] = [];
  if (scenario === 'storm') {
    for (let k = 1; k <= STORMS; k++) {
      timers.push(
        setTimeout(
          () => {
            const started = Date.now();
            // The viewers ask on the sockets they read the captions on, as the web viewer does, all behind one address.
            const asks = Array.from({ length: STORM_SIZE }, (_, i) => viewers[i % viewers.length].askSummary());
            background.push(
              Promise.all(asks).then((r) => {
                storms.push([started, Date.now()]);
                summaries.push(...r);
              }),
            );
          },
          (k * holdMs) / (STORMS + 1),
        ),
      );
    }
  }
  await host.speak(sentences, RATE, `load-${scenario}-${Date.now().toString(36)}`);
  const speakMs = Date.now() - speakStart;
  await host.drained(30_000);
  timers.forEach(clearTimeout);
  await Promise.all(background);
  const last = host.lastSeq;
  const drainDeadline = Date.now() + DRAIN_MS;
  while (Date.now() < drainDeadline && !viewers.every((v) => v.complete(last))) await sleep(100);
  const cpu = ctx.cpuSeconds() - cpuBefore;
  const lagSamples = loopLag.stop();
  const llmCalls = ctx.llm.calls.slice(llmBefore);
  viewers.forEach((v) => v.close());
  host.close();

  const missedPerViewer = viewers.map((v) => (v.tracker ? v.tracker.missingIn(v.tracker.base, last) : last));
  const missed = missedPerViewer.reduce((a, b) => a + b, 0);
  const missedAfterResume = viewers.reduce(
    (sum, v) => sum + v.windows.reduce((s, [from, to]) => s + (v.tracker?.missingIn(from, Math.min(to, last)) ?? 0), 0),
    0,
  );
  const d = stats.delays;
  const [p50, p95, p99] = [percentile(d, 50), percentile(d, 95), percentile(d, 99)];
  const max = d.reduce((a, b) => Math.max(a, b), 0);
  const lost = host.dropped + host.unanswered + (sentences - host.sent);
  const summaryCalls = llmCalls.filter((c) => c.task === 'summary').length;
  // Questions and revisions are translated too: the cost rule is about the live captions.
  const questionCalls = llmCalls.filter((c) => c.task === 'translation' && c.prompt.includes('Pregunta número')).length;
  const translationCalls = llmCalls.filter((c) => c.task === 'translation').length - questionCalls - activity.retranslated;
  // The cost rule: one translation per sentence and language in demand, whatever the number of viewers. A revision that
  // reaches a line before its live call makes its translation (counted as revised), which the live call then finds stored.
  const expectedCalls = host.acked * LANGS.length;
  const madeByRevisions = activity.revised;
  const costOk = translationCalls <= expectedCalls && translationCalls >= expectedCalls - madeByRevisions;
  const delayOk = p95 < 500 && p99 < 1000;
  const summaryFailures = summaries.filter((s) => !s.ok).length;

  console.log(
    `\nscenario=${scenario} mode=${MODE} viewers=${VIEWERS} langs=${LANGS.join(',')} minutes=${MINUTES} rate=${RATE}/s${LLM_DELAY_MS ? ` llm-delay=${LLM_DELAY_MS}ms` : ''}`,
  );
  console.log(
    `  caption_delay_ms   p50=${f(p50)} p95=${f(p95)} p99=${f(p99)} max=${f(max)} (${d.length} live captions)  p(95)<500 p(99)<1000: ${pass(delayOk)}`,
  );
  console.log(
    `  missed_messages    ${missed} (viewers missing any: ${missedPerViewer.filter((n) => n > 0).length})  count==0: ${pass(missed === 0)}`,
  );
  console.log(
    `  frames received    ${stats.frames} (live ${d.length}, catch-up ${stats.catchUp}), out of order on a socket ${stats.outOfOrder}`,
  );
  console.log(
    `  sentences          sent ${host.sent}/${sentences} in ${(speakMs / 1000).toFixed(1)} s, acked ${host.acked} (last seq ${last}), resent ${host.resent}, host rejoins ${host.rejoins}${host.closes.size ? ` (closed: ${JSON.stringify(Object.fromEntries(host.closes))})` : ''}, refused for good ${host.dropped}, unanswered ${host.unanswered}; ack_ms p50=${f(percentile(host.ackMs, 50))} p95=${f(percentile(host.ackMs, 95))}`,
  );
  console.log(
    `  llm calls          ${translationCalls} translations (expected ${expectedCalls}: one per sentence and language, less at most ${madeByRevisions} a revision made first): ${pass(costOk)}, ${summaryCalls} summaries, ${questionCalls} of questions, ${activity.retranslated} of revisions`,
  );
  console.log(
    `  sockets            ${VIEWERS} joined in ${(rampMs / 1000).toFixed(1)} s (join p95 ${f(percentile(joinMs, 95))} ms), closed by the server or refused: ${stats.socketFailures}${stats.errors.size ? `, error frames ${JSON.stringify(Object.fromEntries(stats.errors))}` : ''}`,
  );
  console.log(
    `  product cpu        ${((cpu / ((Date.now() - speakStart) / 1000)) * 100).toFixed(0)}% of one core from the first sentence to the end`,
  );
  console.log(
    `  room activity      ${activity.summary()}; refused or failed ${activity.refused}  count==0: ${pass(activity.refused === 0)}`,
  );
  let ok = delayOk && missed === 0 && lost === 0 && costOk && activity.refused === 0;
  if (lost > 0) console.log(`  sentences lost     ${lost}: never stored, so no viewer could see them: FAILED`);
  if (scenario === 'churn') {
    console.log(
      `  churn              reconnects ${stats.reconnects} (${CHURN}% a minute), missed_after_resume ${missedAfterResume}  count==0: ${pass(missedAfterResume === 0)}`,
    );
    ok &&= missedAfterResume === 0;
  }
  if (scenario === 'storm') {
    const byStatus = new Map<string, number>();
    for (const s of summaries) byStatus.set(s.outcome, (byStatus.get(s.outcome) ?? 0) + 1);
    const ms = summaries.map((s) => s.ms);
    console.log(
      `  summary            ${summaries.length} requests in ${STORMS} storms of ${STORM_SIZE} (summary_request frames): answers ${JSON.stringify(Object.fromEntries(byStatus))}, latency p50=${f(percentile(ms, 50))} p95=${f(percentile(ms, 95))} max=${f(Math.max(...ms))} ms; failed ${summaryFailures}  count==0: ${pass(summaryFailures === 0)}`,
    );
    // A storm must not slow the captions: those in flight while it lasts against the others of the run.
    const { inStorm, calm, inRevision } = splitByStorms(d, stats.sentAt, storms, activity.revising);
    const [stormP95, calmP95] = [percentile(inStorm, 95), percentile(calm, 95)];
    const ratio = stormP95 / calmP95;
    const ratioOk = !(ratio > STORM_RATIO);
    const [lagIn, lagOut] = lagP95(lagSamples, storms);
    console.log(`  bench loop lag     p95 during storms ${f(lagIn)} ms / without ${f(lagOut)} ms (in the caption delays above)`);
    const revision = `${f(percentile(inRevision, 95))} ms (${inRevision.length} in flight during a revision, in neither set below)`;
    if (inRevision.length) console.log(`  revision captions  p95 ${revision}`);
    console.log(
      `  storm_caption_p95  during storms ${f(stormP95)} ms (${inStorm.length} captions) / without ${f(calmP95)} ms (${calm.length}) = ${Number.isFinite(ratio) ? ratio.toFixed(2) : '-'}  ratio<=${STORM_RATIO}: ${pass(ratioOk)}`,
    );
    ok &&= summaryFailures === 0 && ratioOk;
  }
  return ok;
}

async function main(): Promise<number> {
  const db = await createTestDatabase('lt_load');
  const llm = new FakeOpenAiServer();
  await llm.start();
  llm.delay(LLM_DELAY_MS);
  const logDir = join(tmpdir(), `lt-load-${BASE_PORT}-${Date.now().toString(36)}`);
  try {
    const product = await startProduct({ mode: MODE, databaseUrl: db.url, llmUrl: llm.url, basePort: BASE_PORT, viewers: VIEWERS, logDir });
    const ctx: Context = {
      baseUrl: product.baseUrl,
      wsUrl: `${product.baseUrl.replace(/^http/, 'ws')}/ws`,
      llm,
      cpuSeconds: product.cpuSeconds,
    };
    let ok = true;
    try {
      for (const scenario of SCENARIOS) ok = (await run(ctx, scenario)) && ok;
    } finally {
      await product.stop();
    }
    console.log(`\n${ok ? 'all thresholds held' : 'THRESHOLDS FAILED'} (product logs: ${logDir})`);
    return ok ? 0 : 1;
  } finally {
    await llm.stop();
    await db.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
