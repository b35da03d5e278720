import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { LANGUAGES, type CreateRoomResponse, type TranslationFrame } from '@lt/contracts';
import { createTestDatabase, FakeOpenAiServer, FakeTranslatorsServer, LiveClient } from '@lt/testing';
import { startStack, type Stack } from '../support/stack';

/**
 * The translation pipeline with a language model that answers like a real one (first token after 300 ms,
 * then 30 tokens a second). Prints:
 *  - language-model calls per sentence for 1, 100 and 1000 viewers over 1, 5 and up to 40 languages (as many
 *    as LANGUAGES holds): it must equal the languages in demand;
 *  - the cache hit ratio of a talk with repeated phrases: a phrase said again must cost no call;
 *  - the caption delay (host's send -> viewer) at p50 / p95 while the model hangs on every 10th call: it must
 *    stay under the deadline + 0.5 s.
 * Exits 1 when a goal fails. Usage: node ... translate.bench.js [embedded|distributed]
 */
const MODE = (process.argv[2] ?? 'embedded') as 'embedded' | 'distributed';
const DEADLINE_MS = 3_000;
const SOURCE = 'es';
const TARGETS = LANGUAGES.map((l) => l.code)
  .filter((c) => c !== SOURCE)
  .slice(0, 40);
const PACE = { firstTokenMs: 300, tokensPerSecond: 30 };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
  return ok ? 'ok' : 'FAILED';
};

interface Room {
  host: LiveClient;
  viewers: LiveClient[];
  /** Arrival time of each (seq, lang) at its first viewer, and how many frames arrived in all. */
  arrivals: Map<string, number>;
  received: () => number;
  /** The (seq, lang) that reached a viewer from the fallback translator or as the original: no model call for them. */
  fallbacks: Set<string>;
}

async function openRoom(stack: Stack, viewers: number, langs: readonly string[]): Promise<Room> {
  const res = await fetch(`${stack.baseUrl}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const { room, hostKey } = (await res.json()) as CreateRoomResponse;
  const host = await LiveClient.connect(stack.baseUrl);
  host.send({ type: 'join', roomId: room.id, role: 'host', hostKey });
  await host.waitFor((c) => c.of('joined').length === 1);
  host.send({ type: 'room_start', sourceLanguage: SOURCE });
  await host.waitFor((c) => c.of('room_start').length === 1);
  const clients: LiveClient[] = [];
  const arrivals = new Map<string, number>();
  const fallbacks = new Set<string>();
  let received = 0;
  for (let i = 0; i < viewers; i++) {
    const viewer = await LiveClient.connect(stack.baseUrl);
    viewer.onFrame((f) => {
      if (f.type !== 'translation') return;
      received += 1;
      const key = `${f.seq}:${(f as TranslationFrame).lang}`;
      if (!arrivals.has(key)) arrivals.set(key, Date.now());
      if ((f as TranslationFrame).fallback) fallbacks.add(key);
    });
    viewer.send({ type: 'join', roomId: room.id, role: 'viewer', lang: langs[i % langs.length] });
    clients.push(viewer);
  }
  await Promise.all(clients.map((v) => v.waitFor((c) => c.of('joined').length === 1, 60_000)));
  // Presence reaches translate-svc.
  await sleep(1_000);
  return { host, viewers: clients, arrivals, received: () => received, fallbacks };
}

function say(room: Room, text: string): number {
  const sent = Date.now();
  room.host.send({
    type: 'transcript',
    messageId: crypto.randomUUID(),
    text,
    sourceLanguage: SOURCE,
    timestamp: new Date().toISOString(),
    confidence: 0.9,
    final: true,
  });
  return sent;
}

async function until(what: string, done: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const closeRoom = (room: Room) => [room.host, ...room.viewers].forEach((c) => c.close());

async function callsPerSentence(stack: Stack, llm: FakeOpenAiServer): Promise<void> {
  const sentences = 3;
  console.log(`language-model calls per sentence (${sentences} sentences each; ${TARGETS.length} target languages available)`);
  for (const viewers of [1, 100, 1000]) {
    for (const count of [...new Set([1, 5, 40].map((n) => Math.min(n, TARGETS.length)))]) {
      const langs = TARGETS.slice(0, count);
      const demand = Math.min(viewers, langs.length);
      const room = await openRoom(stack, viewers, langs);
      const before = llm.calls.filter((c) => c.task === 'translation').length;
      for (let s = 1; s <= sentences; s++) say(room, `Frase ${s} para ${viewers} personas en ${count} idiomas`);
      await until('every viewer has every sentence', () => room.received() >= viewers * sentences, 120_000);
      await sleep(300);
      const calls = llm.calls.filter((c) => c.task === 'translation').length - before;
      const perSentence = calls / sentences;
      console.log(
        `  viewers=${String(viewers).padStart(4)} languages=${String(count).padStart(2)} in demand=${String(demand).padStart(2)} calls/sentence=${perSentence.toFixed(2)} fallback captions=${room.fallbacks.size} ${check(perSentence === demand, `calls per sentence for ${viewers} viewers over ${count} languages: ${perSentence} (want ${demand})`)}`,
      );
      closeRoom(room);
    }
  }
}

async function cacheHits(stack: Stack, llm: FakeOpenAiServer): Promise<void> {
  const phrases = [
    'Buenos días a todos',
    'Muchas gracias',
    'Siguiente diapositiva',
    '¿Alguna pregunta?',
    'Como decía antes',
    'Vamos a ver un ejemplo',
  ];
  const talk = [0, 1, 2, 4, 2, 5, 2, 3, 1, 2, 4, 5, 2, 1, 3, 2, 4, 1, 2, 1].map((i) => phrases[i]);
  const room = await openRoom(stack, 2, ['fr']);
  const before = llm.calls.filter((c) => c.task === 'translation').length;
  for (const text of talk) {
    say(room, text);
    await sleep(150);
  }
  await until('the talk', () => room.received() >= 2 * talk.length, 60_000);
  const calls = llm.calls.filter((c) => c.task === 'translation').length - before;
  const distinct = new Set(talk).size;
  const ratio = 1 - calls / talk.length;
  console.log(
    `cache on a talk of ${talk.length} sentences, ${distinct} distinct: ${calls} calls, hit ratio ${(ratio * 100).toFixed(0)}% (best ${(100 * (1 - distinct / talk.length)).toFixed(0)}%) ${check(calls === distinct, `cache: ${calls} calls for ${distinct} distinct phrases`)}`,
  );
  closeRoom(room);
}

async function delaysWhileHanging(stack: Stack, llm: FakeOpenAiServer): Promise<void> {
  const langs = ['fr', 'de'].filter((l) => TARGETS.includes(l as never));
  const sentences = 20;
  const room = await openRoom(stack, 4, langs);
  llm.hangEvery(10);
  const sent = new Map<number, number>();
  const firstSeq = (room.host.of('joined')[0]?.seq ?? 0) + 1;
  for (let s = 0; s < sentences; s++) {
    sent.set(firstSeq + s, say(room, `Frase ${s + 1} de una charla larga sin repetir nada`));
    await sleep(500);
  }
  await until('every caption', () => room.arrivals.size >= sentences * langs.length, 60_000);
  llm.hangEvery(0);
  const delays = [...room.arrivals].map(([key, at]) => at - (sent.get(Number(key.split(':')[0])) as number));
  const [p50, p95] = [percentile(delays, 50), percentile(delays, 95)];
  const fallbacks = room.viewers.flatMap((v) => v.of('translation')).filter((f) => f.fallback).length;
  console.log(
    `caption delay, the model hanging on every 10th call (deadline ${DEADLINE_MS} ms): p50=${p50} ms p95=${p95} ms max=${Math.max(...delays)} ms, ${fallbacks} fallback frames ${check(p95 < DEADLINE_MS + 500, `caption delay p95 ${p95} ms >= deadline + 500 ms`)}`,
  );
  closeRoom(room);
}

async function main() {
  Logger.overrideLogger(['error']);
  const db = await createTestDatabase('lt_bench');
  const llm = new FakeOpenAiServer();
  const translators = new FakeTranslatorsServer('bench-key');
  await llm.start();
  await translators.start();
  llm.pace(PACE);
  const stack = await startStack({
    mode: MODE,
    databaseUrl: db.url,
    llmUrl: llm.url,
    translate: {
      TRANSLATION_DEADLINE_MS: String(DEADLINE_MS),
      FALLBACK_TRANSLATOR: 'google',
      GOOGLE_TRANSLATE_API_KEY: 'bench-key',
      GOOGLE_TRANSLATE_URL: translators.url,
      LLM_RPM: '100000',
      LLM_TPM: '100000000',
    },
  });
  console.log(`mode=${MODE} model: first token ${PACE.firstTokenMs} ms, ${PACE.tokensPerSecond} tokens/s`);
  try {
    await callsPerSentence(stack, llm);
    await cacheHits(stack, llm);
    await delaysWhileHanging(stack, llm);
  } finally {
    await stack.close();
    await translators.stop();
    await llm.stop();
    await db.drop();
  }
  if (failures.length) {
    console.log(`FAILED:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('every goal met');
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
