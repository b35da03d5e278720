import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { steadierText, wordCount, type CreateRoomResponse, type ServerFrame } from '@lt/contracts';
import { createTestDatabase, FakeOpenAiServer, LiveClient, natsAvailable } from '@lt/testing';
import { startStack, type Stack } from '../support/stack';

/**
 * Fast captions, measured: a scripted speaker talks through the socket as the web client does (an interim
 * line every ~300 ms, a final at each sentence end; sentences of 8–30 words at 150 words a minute), viewers
 * read in 3 languages, the fake language model answers its first token after 300 ms, then 30 tokens a second.
 * Four rooms talk at once on one stack with two gateways: Fast captions on and off, with host and viewers on
 * one gateway, and with the viewers on the other gateway. Prints p50 / p95 of:
 *  - sentence start -> first translated words on the viewer: the first frame whose text, as the viewer shows it,
 *    holds a word of the translated sentence (the fake model's "(fr) " language tag is not one); sentences of 15+
 *    words; goal p50 <= 1.5 s with Fast captions;
 *  - sentence end (final) -> first words of its final translation (goal p50 <= first-token time + 150 ms);
 *  - sentence end -> complete final translation;
 *  - normalized erasure: words shown then removed / final words (goal <= 0.2);
 *  - language-model calls per sentence per language (goal <= 1 + sentence seconds; exactly 1 with Fast captions off).
 * Usage: node ... latency.bench.js [--sentences N] (default 60).
 */
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SENTENCES = Math.max(1, Number(arg('sentences') ?? 60));
const WORD_MS = 60_000 / 150;
const INTERIM_EVERY_MS = 300;
const PACE = { firstTokenMs: 300, tokensPerSecond: 30 };
const LANGS = ['fr', 'de', 'it'] as const;
const VOCABULARY =
  'hoy vamos a hablar de la traducción en directo para conferencias con público de muchos países y de cómo la máquina escucha cada frase mientras el orador sigue hablando sin pausa'.split(
    ' ',
  );

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** A deterministic talk: sentence lengths 8–30 words, each starting with a marker that names its room and number. */
function talk(room: string): string[][] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: SENTENCES }, (_, s) => {
    const n = 8 + Math.floor(next() * 23);
    return [`${room}s${s}`, ...Array.from({ length: n - 1 }, () => VOCABULARY[Math.floor(next() * VOCABULARY.length)])];
  });
}

interface Sentence {
  words: string[];
  startAt: number;
  finalAt: number;
  finalId: string;
  interimIds: Set<string>;
}

/** What one viewer saw of one sentence: when, and the text it showed each time it changed. */
interface Seen {
  first?: number;
  firstFinalWords?: number;
  complete?: number;
  shown: string;
  removed: number;
  finalWords: number;
}

interface Config {
  name: string;
  fast: boolean;
  /** Index of the gateway the viewers use (the host is on gateway 0). */
  viewerGateway: number;
}

class RoomRun {
  readonly sentences: Sentence[] = [];
  /** viewer index -> sentence index -> what it saw */
  readonly seen: Map<string, Seen>[] = [];
  roomId = '';
  private host!: LiveClient;
  private readonly viewers: LiveClient[] = [];

  constructor(
    private readonly stack: Stack,
    readonly config: Config,
    readonly marker: string,
  ) {}

  async open(): Promise<void> {
    const base = this.stack.gateways[0].baseUrl;
    const res = await fetch(`${base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const { room, hostKey } = (await res.json()) as CreateRoomResponse;
    this.roomId = room.id;
    this.host = await LiveClient.connect(base);
    this.host.send({ type: 'join', roomId: room.id, role: 'host', hostKey });
    await this.host.waitFor((c) => c.of('joined').length === 1);
    this.host.send({ type: 'room_settings', fastCaptions: this.config.fast });
    this.host.send({ type: 'room_start', sourceLanguage: 'es' });
    await this.host.waitFor((c) => c.of('room_start').length === 1);
    for (const lang of LANGS) {
      const viewer = await LiveClient.connect(this.stack.gateways[this.config.viewerGateway].baseUrl);
      const seen = new Map<string, Seen>();
      this.seen.push(seen);
      viewer.onFrame((frame) => this.observe(seen, frame));
      viewer.send({ type: 'join', roomId: room.id, role: 'viewer', lang });
      await viewer.waitFor((c) => c.of('joined').length === 1);
      this.viewers.push(viewer);
    }
  }

  /** Speaks the talk: an interim line every 300 ms while words come at 150 a minute, a final at the end. */
  async speak(): Promise<void> {
    for (const words of talk(this.marker)) {
      const sentence: Sentence = { words, startAt: Date.now(), finalAt: 0, finalId: crypto.randomUUID(), interimIds: new Set() };
      this.sentences.push(sentence);
      const duration = words.length * WORD_MS;
      let last = '';
      for (let t = INTERIM_EVERY_MS; t < duration; t += INTERIM_EVERY_MS) {
        await sleep(sentence.startAt + t - Date.now());
        const text = words.slice(0, Math.floor(t / WORD_MS) + 1).join(' ');
        if (text === last) continue;
        last = text;
        const messageId = crypto.randomUUID();
        sentence.interimIds.add(messageId);
        this.send(messageId, text, false);
      }
      await sleep(sentence.startAt + duration - Date.now());
      sentence.finalAt = Date.now();
      this.send(sentence.finalId, words.join(' '), true);
    }
  }

  async settle(): Promise<void> {
    const end = Date.now() + 30_000;
    while (Date.now() < end && this.seen.some((seen) => this.sentences.some((_, i) => seen.get(String(i))?.complete === undefined)))
      await sleep(100);
    for (const client of [this.host, ...this.viewers]) client.close();
  }

  private send(messageId: string, text: string, final: boolean): void {
    this.host.send({
      type: 'transcript',
      messageId,
      text,
      sourceLanguage: 'es',
      timestamp: new Date().toISOString(),
      confidence: 0.9,
      final,
    });
  }

  private sentenceOf(messageId: string): number {
    return this.sentences.findIndex((s) => s.finalId === messageId || s.interimIds.has(messageId));
  }

  private observe(seen: Map<string, Seen>, frame: ServerFrame): void {
    if (frame.type !== 'interim_translation' && frame.type !== 'translation_partial' && frame.type !== 'translation') return;
    const index = this.sentenceOf(frame.messageId);
    if (index < 0) return;
    const now = Date.now();
    const s = seen.get(String(index)) ?? { shown: '', removed: 0, finalWords: 0 };
    seen.set(String(index), s);
    if (s.complete !== undefined) return;
    // What the viewer's list shows: provisional lines never shrink (steadierText), the final replaces them.
    const next = frame.type === 'translation' ? frame.text : steadierText(s.shown, frame.text);
    const readable = wordCount(withoutTag(frame.text)) > 0;
    if (readable && wordCount(withoutTag(next)) > 0) s.first ??= now;
    if (readable && frame.type !== 'interim_translation') s.firstFinalWords ??= now;
    s.removed += erased(s.shown, next);
    s.shown = next;
    if (frame.type === 'translation') {
      s.complete = now;
      s.finalWords = wordCount(frame.text);
    }
  }
}

/** The translated sentence alone: the fake model starts every answer with its target's tag, "(fr) ". */
const withoutTag = (text: string) => text.replace(/^\s*\([a-zA-Z-]+\)\s*/, '');

/** Words of `before` that `after` no longer shows as they were (beyond their common prefix). */
function erased(before: string, after: string): number {
  const a = before.split(/\s+/).filter(Boolean);
  const b = after.split(/\s+/).filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common += 1;
  return a.length - common;
}

function report(run: RoomRun, llm: FakeOpenAiServer): Record<string, string> {
  const startToFirst: number[] = [];
  const finalToFirst: number[] = [];
  const finalToComplete: number[] = [];
  const erasure: number[] = [];
  const callsPerSentence: number[] = [];
  const callsOverBudget: number[] = [];
  run.sentences.forEach((sentence, i) => {
    for (const [v, seen] of run.seen.entries()) {
      const s = seen.get(String(i));
      if (!s?.complete || s.first === undefined) continue;
      if (sentence.words.length >= 15) startToFirst.push(s.first - sentence.startAt);
      if (s.firstFinalWords !== undefined) finalToFirst.push(Math.max(0, s.firstFinalWords - sentence.finalAt));
      finalToComplete.push(s.complete - sentence.finalAt);
      erasure.push(s.finalWords ? s.removed / s.finalWords : 0);
      const marker = `${run.marker}s${i} `;
      const calls = llm.calls.filter((c) => c.target === LANGS[v] && `${c.user} `.startsWith(marker)).length;
      callsPerSentence.push(calls);
      callsOverBudget.push(calls - (1 + (sentence.finalAt - sentence.startAt) / 1000));
    }
  });
  const ms = (values: number[]) => `${percentile(values, 50)} / ${percentile(values, 95)} ms`;
  const ratio = (values: number[]) => `${percentile(values, 50).toFixed(2)} / ${percentile(values, 95).toFixed(2)}`;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  return {
    'start -> first translated words, tag not counted (15+ words)': ms(startToFirst),
    'final -> first words of final translation': ms(finalToFirst),
    'final -> complete final translation': ms(finalToComplete),
    'normalized erasure (mean)': `${ratio(erasure)} (${mean(erasure).toFixed(3)})`,
    'LLM calls per sentence per language': `${ratio(callsPerSentence)} (max ${Math.max(...callsPerSentence)})`,
    'sentences over 1 + seconds calls': String(callsOverBudget.filter((x) => x > 0).length),
  };
}

async function main() {
  Logger.overrideLogger(['error']);
  const distributed = await natsAvailable();
  const db = await createTestDatabase('lt_bench_latency');
  const llm = new FakeOpenAiServer();
  await llm.start();
  llm.pace(PACE);
  const stack = await startStack({
    mode: distributed ? 'distributed' : 'embedded',
    gateways: 2,
    databaseUrl: db.url,
    llmUrl: llm.url,
    translate: { LLM_RPM: '100000', LLM_TPM: '100000000' },
    // Anonymous rooms: a budget the talk cannot spend (Fast captions cost more than whole sentences).
    accounts: { ANON_ROOM_TOKEN_BUDGET: 1_000_000_000 },
  });
  const configs: Config[] = [
    { name: 'Fast captions on, 1 gateway', fast: true, viewerGateway: 0 },
    { name: 'Fast captions off, 1 gateway', fast: false, viewerGateway: 0 },
    ...(stack.gateways.length > 1
      ? [
          { name: 'Fast captions on, 2 gateways', fast: true, viewerGateway: 1 },
          { name: 'Fast captions off, 2 gateways', fast: false, viewerGateway: 1 },
        ]
      : []),
  ];
  console.log(
    `mode=${distributed ? 'distributed' : 'embedded (no NATS: one gateway)'} sentences=${SENTENCES} at 150 wpm, interim every ${INTERIM_EVERY_MS} ms, ` +
      `viewers in ${LANGS.join('/')}, model: first token ${PACE.firstTokenMs} ms then ${PACE.tokensPerSecond} tokens/s; ${configs.length} rooms at once`,
  );
  try {
    const runs = configs.map((config, i) => new RoomRun(stack, config, `r${i}`));
    for (const run of runs) await run.open();
    // Presence and settings reach translate-svc.
    await sleep(1_500);
    await Promise.all(runs.map((run) => run.speak()));
    await Promise.all(runs.map((run) => run.settle()));
    const rows = runs.map((run) => report(run, llm));
    const metrics = Object.keys(rows[0]);
    const width = Math.max(...metrics.map((m) => m.length));
    const col = Math.max(...runs.map((r) => r.config.name.length), 24);
    console.log(`\n${'p50 / p95'.padEnd(width)} | ${runs.map((r) => r.config.name.padEnd(col)).join(' | ')}`);
    console.log(`${'-'.repeat(width)}-+-${runs.map(() => '-'.repeat(col)).join('-+-')}`);
    for (const metric of metrics) console.log(`${metric.padEnd(width)} | ${rows.map((row) => row[metric].padEnd(col)).join(' | ')}`);
  } finally {
    await stack.close();
    await llm.stop();
    await db.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
