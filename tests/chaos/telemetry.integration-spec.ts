import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createTestDatabase,
  FakeOpenAiServer,
  LiveClient,
  TEST_NATS_URL,
  traceTree,
  type CapturedSpan,
  type TestDatabase,
} from '@lt/testing';
import { buildServer, ProcessHarness, ROOT, serverAppSpec, sleep } from './harness';
import { OtlpReceiver } from './otlp-receiver';

/**
 * The built apps as real processes, configured only by the standard OTEL_* variables, export their spans to
 * an OTLP receiver: one spoken sentence is one trace across the gateway, rooms-svc (with its PostgreSQL
 * insert) and translate-svc (a span per language, the LLM call). The same run reads each process's
 * Prometheus endpoint and its log lines. Ports 18480–18499.
 */
jest.setTimeout(180_000);

const BASE = 18480;
const outDir = join(ROOT, 'test-results', 'telemetry');
const SECRET_TEXT = 'Palabra-secreta del orador 4711';
const LLM_KEY = 'sk-telemetry-test-key';

const SERVICES = [
  { name: 'accounts-svc', health: BASE + 3, metrics: BASE + 13 },
  { name: 'rooms-svc', health: BASE + 4, metrics: BASE + 14 },
  { name: 'translate-svc', health: BASE + 5, metrics: BASE + 15 },
  { name: 'tts-svc', health: BASE + 6, metrics: BASE + 16 },
] as const;
const GATEWAY = { port: BASE + 7, metrics: BASE + 17 };
const EMBEDDED = { port: BASE + 8, metrics: BASE + 18 };

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function scrape(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one sample (`name{labels}`), labels matched as a subset. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const set = /\{([^}]*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => set.includes(`${k}="${v}"`))) return Number(line.split(' ').pop());
  }
  return undefined;
}

/** Speaks one sentence in a new room with a French and a German viewer; answers the room and host key. */
async function speakOnce(baseUrl: string, messageId: string): Promise<{ hostKey: string; clients: LiveClient[] }> {
  const res = await fetch(`${baseUrl}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"name":"Observed"}',
  });
  expect(res.status).toBe(201);
  const { room, hostKey } = (await res.json()) as { room: { id: string }; hostKey: string };
  const join = async (frame: Record<string, unknown>) => {
    const client = await LiveClient.connect(baseUrl);
    client.send({ type: 'join', roomId: room.id, ...frame });
    await client.waitFor((c) => c.of('joined').length === 1, 10_000, 'joined');
    return client;
  };
  const host = await join({ role: 'host', hostKey });
  const fr = await join({ role: 'viewer', lang: 'fr' });
  const de = await join({ role: 'viewer', lang: 'de' });
  host.send({ type: 'room_start', sourceLanguage: 'es' });
  await fr.waitFor((c) => c.of('room_start').length === 1, 10_000, 'room_start');
  await sleep(200);
  host.send({
    type: 'transcript',
    messageId,
    text: SECRET_TEXT,
    sourceLanguage: 'es',
    timestamp: new Date().toISOString(),
    confidence: 0.9,
    final: true,
  });
  for (const viewer of [fr, de]) await viewer.waitFor((c) => c.of('translation').length === 1, 15_000, 'translation');
  return { hostKey, clients: [host, fr, de] };
}

describe('telemetry of the real processes', () => {
  let harness: ProcessHarness;
  let receiver: OtlpReceiver;
  let llm: FakeOpenAiServer;
  const databases: TestDatabase[] = [];
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    buildServer((line) => process.stdout.write(`${line}\n`));
    receiver = new OtlpReceiver();
    await receiver.start(BASE);
    llm = new FakeOpenAiServer();
    await llm.start(BASE + 1);
    harness = new ProcessHarness(`telemetry${BASE}`, join(outDir, 'logs'));
  });

  afterAll(async () => {
    clients.forEach((c) => c.close());
    await harness?.stopAll();
    await llm?.stop();
    await receiver?.stop();
    for (const db of databases) await db.drop();
  });

  it('distributed, OTLP http/json: one trace per sentence with every service, metrics on their own ports, JSON logs', async () => {
    const db = await createTestDatabase();
    databases.push(db);
    const common: Record<string, string> = {
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      NATS_SUBJECT_PREFIX: `telemetry${Date.now().toString(36)}`,
      OPENAI_API_KEY: LLM_KEY,
      OPENAI_BASE_URL: llm.url,
      LOG_LEVEL: 'log',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${BASE}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    for (const s of SERVICES) {
      harness.define(
        s.name,
        serverAppSpec(s.name, { ...common, HEALTH_PORT: String(s.health), METRICS_PORT: String(s.metrics) }, { http: s.health }, [
          s.health,
          s.metrics,
        ]),
      );
    }
    const gatewayEnv = {
      ...common,
      PORT: String(GATEWAY.port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(GATEWAY.metrics),
      WEB_DIST: join(ROOT, 'dist/no-web-app'),
    };
    harness.define('gateway', serverAppSpec('gateway', gatewayEnv, { http: GATEWAY.port }, [GATEWAY.port, GATEWAY.metrics]));
    await harness.startAll(SERVICES.map((s) => s.name));
    await harness.start('gateway');

    const messageId = '7c444444-4444-4444-8444-444444444444';
    const spoken = await speakOnce(`http://127.0.0.1:${GATEWAY.port}`, messageId);
    clients.push(...spoken.clients);

    // The trace: every span named, from its service, under the right parent (waited for by name: a parent ends, and is sent, last).
    const parents = ['send rooms.transcript.append', 'process rooms.transcript.append', 'process room.*.event.transcript'];
    const expected = [...parents, 'translate fr', 'translate de', 'fanout translation', 'fanout translation', 'chat gpt-4o', 'chat gpt-4o'];
    const trace = await until('the whole trace at the receiver', () => {
      const root = receiver.spans.find((s) => s.name === 'ws transcript' && s.attributes['lt.message_id'] === messageId);
      if (!root) return undefined;
      const spans = receiver.spans.filter((s) => s.traceId === root.traceId);
      const names = spans.map((s) => s.name);
      const complete = expected.every((n) => names.filter((m) => m === n).length >= expected.filter((e) => e === n).length);
      return complete && spans.some(isStore) ? { root, spans } : undefined;
    });
    const tree = traceTree(trace.spans);
    writeFileSync(join(outDir, 'trace.txt'), `${tree}\n`);
    process.stdout.write(`\none sentence, as exported by the processes:\n${tree}\n`);

    const byId = new Map(trace.spans.map((s) => [s.spanId, s]));
    const parentOf = (s: CapturedSpan) => (s.parentId ? byId.get(s.parentId) : undefined);
    const one = (name: string, where: (s: CapturedSpan) => boolean = () => true) => {
      const found = trace.spans.filter((s) => s.name === name && where(s));
      if (found.length !== 1) throw new Error(`expected one "${name}", found ${found.length}:\n${tree}`);
      return found[0];
    };
    expect(trace.root).toMatchObject({ service: 'gateway', parentId: undefined });
    const append = one('process rooms.transcript.append');
    expect(append.service).toBe('rooms-svc');
    expect(parentOf(append)).toMatchObject({ name: 'send rooms.transcript.append', service: 'gateway' });
    const insert = trace.spans.find(isStore) as CapturedSpan;
    expect(insert.service).toBe('rooms-svc');
    expect(ancestors(insert, parentOf)).toContain(append);
    const stored = one('process room.*.event.transcript', (s) => s.service === 'translate-svc');
    expect(parentOf(stored)).toBe(append);
    for (const lang of ['fr', 'de']) {
      const translate = one(`translate ${lang}`);
      expect(translate.service).toBe('translate-svc');
      expect(parentOf(translate)).toBe(stored);
      const chat = one('chat gpt-4o', (s) => parentOf(s) === translate);
      expect(chat.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
      const fanOut = one('fanout translation', (s) => s.attributes['lt.lang'] === lang);
      expect(fanOut).toMatchObject({ service: 'gateway', attributes: expect.objectContaining({ 'lt.sockets_written': 1 }) });
      expect(parentOf(fanOut)).toBe(translate);
    }
    expect(receiver.contentTypes.every((t) => t.includes('application/json'))).toBe(true);

    // Metrics, on each process's own port and not on the public one.
    const gatewayMetrics = await scrape(GATEWAY.metrics);
    const translateMetrics = await scrape(SERVICES[2].metrics);
    writeFileSync(join(outDir, 'metrics-gateway.txt'), gatewayMetrics);
    writeFileSync(join(outDir, 'metrics-translate-svc.txt'), translateMetrics);
    expect(sample(gatewayMetrics, 'lt_ws_connections', { role: 'viewer' })).toBe(2);
    expect(sample(gatewayMetrics, 'lt_ws_connections', { role: 'host' })).toBe(1);
    expect(sample(gatewayMetrics, 'lt_ws_frames_in_total', { type: 'transcript' })).toBe(1);
    expect(sample(gatewayMetrics, 'lt_ws_frames_out_total', { type: 'translation' })).toBeGreaterThanOrEqual(2);
    expect(sample(gatewayMetrics, 'lt_fanout_delay_ms_count', { kind: 'translation' })).toBe(2);
    expect(sample(translateMetrics, 'lt_llm_calls_total', { task: 'translation', outcome: 'ok' })).toBe(2);
    expect(sample(translateMetrics, 'lt_llm_tokens_total', { task: 'translation', kind: 'output' })).toBeGreaterThan(0);
    expect(sample(translateMetrics, 'lt_translation_latency_ms_count', { lang: 'fr' })).toBe(1);
    expect(sample(translateMetrics, 'lt_cache_misses_total', { cache: 'translation' })).toBe(2);
    for (const text of [gatewayMetrics, translateMetrics]) {
      const names = text
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => l.split(/[{ ]/)[0]);
      expect(names.filter((n) => n !== 'target_info' && !n.startsWith('lt_'))).toEqual([]);
    }
    expect((await fetch(`http://127.0.0.1:${GATEWAY.port}/metrics`)).status).toBe(404);

    // Logs: JSON lines with the common fields, the API call's trace id, and no secret or spoken text.
    const lines = [...SERVICES.map((s) => s.name), 'gateway'].flatMap((name) => logLines(join(outDir, 'logs', `${name}.log`)));
    expect(lines.length).toBeGreaterThan(20);
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
    for (const entry of parsed) {
      expect(Object.keys(entry)).toEqual(expect.arrayContaining(['level', 'time', 'msg', 'service']));
    }
    const created = parsed.find((e) => (e.req as { path?: string } | undefined)?.path === '/api/rooms');
    expect(created).toMatchObject({ service: 'gateway', level: 'info', res: { statusCode: 201 } });
    expect(created?.trace_id).toMatch(/^[0-9a-f]{32}$/);
    for (const secret of [spoken.hostKey, SECRET_TEXT, LLM_KEY]) expect(lines.filter((l) => l.includes(secret))).toEqual([]);
  });

  it('embedded, OTLP http/protobuf: its spans exported as translation-rooms, and the line that says where to open it', async () => {
    const db = await createTestDatabase();
    databases.push(db);
    receiver.protobufBodies.length = 0;
    const env: Record<string, string> = {
      DATABASE_URL: db.url,
      OPENAI_API_KEY: LLM_KEY,
      OPENAI_BASE_URL: llm.url,
      PORT: String(EMBEDDED.port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(EMBEDDED.metrics),
      LOG_LEVEL: 'log',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${BASE}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      WEB_DIST: join(ROOT, 'dist/no-web-app'),
    };
    harness.define('embedded', serverAppSpec('embedded', env, { http: EMBEDDED.port }, [EMBEDDED.port, EMBEDDED.metrics]));
    await harness.start('embedded');
    const spoken = await speakOnce(`http://127.0.0.1:${EMBEDDED.port}`, '7d555555-5555-4555-8555-555555555555');
    clients.push(...spoken.clients);
    const exported = await until('protobuf spans', () => {
      const all = Buffer.concat(receiver.protobufBodies);
      return ['translation-rooms', 'ws transcript', 'process rooms.transcript.append', 'translate fr', 'fanout translation'].every((s) =>
        all.includes(s),
      )
        ? all
        : undefined;
    });
    expect(exported.length).toBeGreaterThan(0);
    const lines = logLines(join(outDir, 'logs', 'embedded.log')).map((l) => JSON.parse(l) as { msg: string; service: string });
    expect(lines.filter((l) => l.msg === `Open http://localhost:${EMBEDDED.port}`)).toHaveLength(1);
    expect(new Set(lines.map((l) => l.service))).toEqual(new Set(['translation-rooms']));
    expect(sample(await scrape(EMBEDDED.metrics), 'lt_ws_connections', { role: 'viewer' })).toBe(2);
  });
});

/** The statement that stores the line (rooms.append_message, which inserts into rooms.message_logs). */
function isStore(span: CapturedSpan): boolean {
  const statement = String(span.attributes['db.query.text'] ?? span.attributes['db.statement'] ?? '');
  return /rooms\.append_message\(|^INSERT INTO .*message_logs/i.test(statement);
}

function ancestors(span: CapturedSpan, parentOf: (s: CapturedSpan) => CapturedSpan | undefined): CapturedSpan[] {
  const list: CapturedSpan[] = [];
  for (let p = parentOf(span); p; p = parentOf(p)) list.push(p);
  return list;
}

/** What a process printed, without the harness's own start and exit markers. */
function logLines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('-----'));
}
