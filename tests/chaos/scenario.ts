import { Client } from 'pg';
import type { CreateRoomResponse, LanguageCode } from '@lt/contracts';
import type { GatewayName, ProcessName, ProductCluster } from './cluster';
import { sleep } from './harness';
import { analyseStore, analyseViewer, percentile, type ChaosReport, type FaultReport, type StoredRow } from './report';
import { Host, sentenceNumber } from './chaos-host';
import { WireViewer } from './viewer';

export interface Fault {
  /** When the process is killed, in ms after the host begins to speak (later when the fault before it has not settled). */
  at: number;
  target: ProcessName;
  /** How long it stays down before it is started again. */
  downMs: number;
}

export interface Schedule {
  name: string;
  /** How long the host speaks at least; it goes on until 3 s after the last restart. */
  speechMs: number;
  sentencesPerSecond: number;
  /** Run one after another, in this order. */
  faults: Fault[];
}

/** The host's outbox must be empty this long after a recovery at the latest. */
export const RECOVERY_BUDGET_MS = 15_000;
/** After a recovery, the next fault waits for the outbox to be empty (at most RECOVERY_BUDGET_MS), then this. */
const SETTLE_MS = 1_000;
/** After the speech, how long the outbox and the viewers are waited for before counting. */
const FINAL_WAIT_MS = 60_000;
const VIEWER_WAIT_MS = 30_000;

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
  return true;
}

async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  if (!(await waitUntil(condition, timeoutMs))) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

interface FaultRun {
  fault: Fault;
  killedAt: number;
  startedAt: number;
  readyAt: number;
  backlog: number;
}

async function createRoom(baseUrl: string): Promise<CreateRoomResponse> {
  const res = await fetch(`${baseUrl}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Conferencia' }),
  });
  if (res.status !== 201) throw new Error(`room creation answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as CreateRoomResponse;
}

/**
 * A host speaks numbered sentences through the web client's connection code while viewers in two languages
 * read on every gateway, and the faults happen one after another; then the database, the host's wire and
 * every viewer's wire are counted.
 */
export async function runScenario(options: {
  cluster: ProductCluster;
  databaseUrl: string;
  schedule: Schedule;
  log: (line: string) => void;
}): Promise<ChaosReport> {
  const { cluster, schedule, log } = options;
  const home = cluster.gatewayNames[0];
  const { room, hostKey } = await createRoom(cluster.gatewayUrl(home));

  const viewers = cluster.gatewayNames.flatMap((gateway: GatewayName) =>
    (['fr', 'de'] as LanguageCode[]).map((lang) => new WireViewer(`${lang}@${gateway}`, room.id, lang, () => cluster.pickGateway(gateway))),
  );
  const host = new Host(room.id, hostKey, () => cluster.pickGateway(home));
  try {
    viewers.forEach((v) => v.connect());
    host.client.connect();
    await waitFor(() => host.client.status === 'connected', 20_000, 'the host to join');
    await waitFor(() => viewers.every((v) => v.frames.some((f) => f.frame.type === 'joined')), 20_000, 'the viewers to join');
    if (!host.client.send({ type: 'room_start', sourceLanguage: 'es' })) throw new Error('room_start could not be sent');
    await waitFor(() => viewers.every((v) => v.frames.some((f) => f.frame.type === 'room_start')), 10_000, 'room_start at every viewer');

    const start = Date.now();
    const rel = (t: number) => `${((t - start) / 1000).toFixed(1)} s`;
    const runs: FaultRun[] = [];
    const failures: string[] = [];
    let faultsDone = false;
    const faulting = (async () => {
      try {
        for (const fault of schedule.faults) {
          await sleep(Math.max(0, start + fault.at - Date.now()));
          const killedAt = Date.now();
          log(`${rel(killedAt)}: kill -9 ${fault.target} (pid ${cluster.harness.pid(fault.target)}) for ${fault.downMs / 1000} s`);
          await cluster.harness.kill(fault.target);
          await sleep(fault.downMs);
          const { startedAt, readyAt } = await cluster.harness.start(fault.target);
          runs.push({ fault, killedAt, startedAt, readyAt, backlog: host.outbox.size });
          log(
            `${rel(readyAt)}: ${fault.target} ready ${readyAt - startedAt} ms after its restart; ${host.outbox.size} sentences in the host's outbox`,
          );
          if (fault === schedule.faults.at(-1)) break;
          await waitUntil(() => host.outbox.size === 0, RECOVERY_BUDGET_MS);
          await sleep(SETTLE_MS);
        }
      } catch (error) {
        failures.push((error as Error).message);
        log(`a fault could not be recovered: ${(error as Error).message}`);
      } finally {
        faultsDone = true;
      }
    })();

    const interval = 1000 / schedule.sentencesPerSecond;
    for (let n = 1; ; n++) {
      const due = start + (n - 1) * interval;
      const lastReady = runs.at(-1)?.readyAt ?? start;
      if (due - start >= schedule.speechMs && faultsDone && due >= lastReady + 3_000) break;
      await sleep(Math.max(0, due - Date.now()));
      host.speak(n);
    }
    const speechEnd = Date.now();
    const leftAtSpeechEnd = host.outbox.size;
    await faulting;
    log(`${rel(speechEnd)}: the host stops speaking (${host.spoken.length} sentences); ${host.outbox.size} in its outbox`);

    await waitUntil(() => host.outbox.size === 0, FINAL_WAIT_MS);
    const drainedAt = Date.now();
    log(`${rel(drainedAt)}: ${host.outbox.size} sentences left in the host's outbox`);
    const highestAcked = Math.max(0, ...[...host.ackSeqs.values()].flat());
    await waitUntil(() => viewers.every((v) => v.hasAll(highestAcked)), VIEWER_WAIT_MS);
    // Late frames (a duplicate after the last one) still count.
    await sleep(1_000);
    const end = Date.now();
    const outboxLeft = host.outbox.size;
    host.client.close();
    viewers.forEach((v) => v.stop());

    const db = new Client({ connectionString: options.databaseUrl });
    await db.connect();
    let rows: StoredRow[];
    try {
      rows = (await db.query<StoredRow>('SELECT message_id, seq, text FROM rooms.message_logs WHERE room_id = $1 ORDER BY seq', [room.id]))
        .rows;
    } finally {
      await db.end();
    }

    const translationsAt = viewers.flatMap((v) => v.frames.filter((f) => f.frame.type === 'translation').map((f) => f.at));
    const acksAt = host.frames.filter((f) => f.frame.type === 'ack').map((f) => f.at);
    const answersAt = host.frames
      .filter(({ frame }) => frame.type === 'ack' || (frame.type === 'error' && frame.messageId))
      .map((f) => f.at);
    const faults = runs.map((run, i): FaultReport => {
      const until = runs[i + 1]?.killedAt ?? end;
      const firstAfter = (times: number[]) => {
        const after = times.filter((t) => t >= run.readyAt);
        return after.length ? Math.min(...after) - run.readyAt : null;
      };
      const answer = answersAt.find((t) => t >= run.killedAt);
      const emptied = run.backlog === 0 ? run.readyAt : host.emptiedAt.find((t) => t >= run.readyAt && t < until);
      const before = host.spoken.filter((s) => s.at < run.readyAt).map((s) => host.firstAck.get(s.id));
      const allAcked = before.every((t) => t !== undefined);
      return {
        target: run.fault.target,
        killedAtS: (run.killedAt - start) / 1000,
        downMs: run.startedAt - run.killedAt,
        firstAnswerAfterKillMs: answer === undefined ? null : answer - run.killedAt,
        restartMs: run.readyAt - run.startedAt,
        firstAckMs: firstAfter(acksAt),
        firstTranslationMs: firstAfter(translationsAt),
        backlog: run.backlog,
        outboxEmptyMs: emptied === undefined ? null : emptied - run.readyAt,
        backlogAckedMs: allAcked ? Math.max(0, ...(before as number[]).map((t) => t - run.readyAt)) : null,
        errors: host.errorsBetween(run.killedAt, until),
        viewerLagMs: Math.max(
          0,
          ...host.frames.flatMap(({ at, frame }) => {
            if (frame.type !== 'ack' || at < run.killedAt || at >= until || host.firstAck.get(frame.messageId) !== at) return [];
            return viewers.map((v) => (v.receivedAt(frame.seq) ?? at) - at);
          }),
        ),
      };
    });
    const latencies = host.spoken.flatMap((s) => {
      const acked = host.firstAck.get(s.id);
      return acked === undefined ? [] : [acked - s.at];
    });
    const lastEmpty = host.emptiedAt.filter((t) => t >= speechEnd).at(0);

    return {
      schedule: schedule.name,
      speechS: (speechEnd - start) / 1000,
      failures,
      store: analyseStore(
        host.spoken.map((s) => s.id),
        host.ackSeqs,
        rows,
        sentenceNumber,
      ),
      host: {
        sockets: host.sockets,
        errors: host.errorsBetween(0, Infinity),
        ackLatency: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: Math.max(0, ...latencies) },
        outboxLeft,
        drainAfterSpeechMs: outboxLeft > 0 ? null : leftAtSpeechEnd === 0 ? 0 : (lastEmpty ?? drainedAt) - speechEnd,
      },
      faults,
      viewers: viewers.map((v) =>
        analyseViewer(
          v.name,
          v.lang,
          v.frames,
          rows,
          v.joins.slice(1).map((j) => j.since),
          v.joins.length,
        ),
      ),
    };
  } finally {
    host.client.close();
    viewers.forEach((v) => v.stop());
  }
}
