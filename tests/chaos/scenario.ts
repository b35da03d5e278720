import { Client } from 'pg';
import WebSocket from 'ws';
import type { CreateRoomResponse, LanguageCode, ServerFrame, TranscriptFrame } from '@lt/contracts';
import { LiveClient } from '../../apps/web/src/modules/live/live-client';
import { Outbox, type OutboxStore } from '../../apps/web/src/modules/live/outbox';
import type { SocketLike } from '../../apps/web/src/modules/live/socket.types';
import type { ChaosCluster, ProcessName } from './cluster';

export interface Fault {
  /** When the process is killed, in ms after the speech starts. */
  at: number;
  target: ProcessName;
  /** How long it stays down before it is started again. */
  downMs: number;
}

export interface FaultReport {
  target: ProcessName;
  downMs: number;
  /** From the restart command until the process was ready again. */
  restartMs: number;
  /** From ready until the first ack after it (null: no sentence waited). */
  firstAckMs: number | null;
  /** From ready until every sentence spoken before it was acked. */
  drainMs: number;
}

export interface ViewerReport {
  lang: LanguageCode;
  received: number;
  duplicates: number;
  outOfOrder: number;
  missing: number[];
  reconnects: number;
}

export interface ScenarioReport {
  spoken: number;
  acked: number;
  stored: number;
  storedTwice: number;
  /** Sentences whose seq order differs from the order they were spoken in. */
  seqOutOfSpokenOrder: number;
  seqGaps: number;
  outboxLeft: number;
  /** From the last recovery until the outbox was empty. */
  outboxEmptyAfterLastRecoveryMs: number;
  faults: FaultReport[];
  viewers: ViewerReport[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function memoryStore(): OutboxStore {
  const data = new Map<string, string>();
  return { read: (k) => data.get(k) ?? null, write: (k, v) => void data.set(k, v), remove: (k) => void data.delete(k) };
}

function openSocket(baseUrl: string): WebSocket {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
  // The client code detaches its handlers before closing; a late error must not become an uncaught one.
  ws.on('error', () => undefined);
  return ws;
}

/** A viewer that records every translation frame on the wire and comes back with `since` when its socket closes. */
class WireViewer {
  readonly seqs: number[] = [];
  reconnects = 0;
  private ws: WebSocket | null = null;
  private stopped = false;

  constructor(
    private readonly roomId: string,
    readonly lang: LanguageCode,
    private readonly pickGateway: () => string,
  ) {}

  connect(): void {
    if (this.stopped) return;
    const ws = openSocket(this.pickGateway());
    this.ws = ws;
    const since = this.seqs.length ? Math.max(...this.seqs) : undefined;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'join', roomId: this.roomId, role: 'viewer', lang: this.lang, ...(since ? { since } : {}) })));
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      if (frame.type === 'translation') this.seqs.push(frame.seq);
    });
    ws.on('close', () => {
      if (this.stopped) return;
      this.reconnects += 1;
      setTimeout(() => this.connect(), 1_000);
    });
  }

  stop(): void {
    this.stopped = true;
    this.ws?.close();
  }

  report(expected: number): ViewerReport {
    const seen = new Set<number>();
    let duplicates = 0;
    let outOfOrder = 0;
    let highest = 0;
    for (const seq of this.seqs) {
      if (seen.has(seq)) duplicates += 1;
      else if (seq < highest) outOfOrder += 1;
      seen.add(seq);
      highest = Math.max(highest, seq);
    }
    const missing = Array.from({ length: expected }, (_, i) => i + 1).filter((seq) => !seen.has(seq));
    return { lang: this.lang, received: this.seqs.length, duplicates, outOfOrder, missing, reconnects: this.reconnects };
  }
}

/**
 * A host speaks through the web client's own LiveClient and Outbox at `sentencesPerSecond`, viewers read in
 * two languages on every gateway, and the faults happen on schedule; then everything is counted.
 */
export async function runScenario(options: {
  cluster: ChaosCluster;
  databaseUrl: string;
  speechMs: number;
  sentencesPerSecond: number;
  faults: Fault[];
  log?: (line: string) => void;
}): Promise<ScenarioReport> {
  const { cluster } = options;
  const log = options.log ?? (() => undefined);
  let turn = 0;
  const pickGateway = () => {
    const live = cluster.liveGateways();
    return live[turn++ % live.length] ?? cluster.gatewayUrls[0];
  };

  const res = await fetch(`${cluster.gatewayUrls[0]}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Chaos' }),
  });
  if (res.status !== 201) throw new Error(`room creation answered ${res.status}`);
  const { room, hostKey } = (await res.json()) as CreateRoomResponse;

  const ackedAt = new Map<string, number>();
  const outbox = new Outbox(room.id, memoryStore());
  let connected = false;
  const host = new LiveClient({
    url: 'ws://unused',
    createSocket: () => openSocket(pickGateway()) as unknown as SocketLike,
    buildJoin: () => ({ type: 'join', roomId: room.id, role: 'host', hostKey }),
    onStatus: (status) => (connected = status === 'connected'),
    onFrame: (frame) => {
      if (frame.type === 'ack' && !ackedAt.has(frame.messageId)) ackedAt.set(frame.messageId, Date.now());
    },
    outbox,
  });
  host.connect();
  for (let i = 0; i < 100 && !connected; i++) await sleep(100);
  if (!connected) throw new Error('the host did not connect');
  host.send({ type: 'room_start', sourceLanguage: 'es' });

  const viewers = (['fr', 'de'] as LanguageCode[]).flatMap((lang) =>
    cluster.gatewayUrls.map((_, i) => new WireViewer(room.id, lang, () => cluster.liveGateways()[i] ?? pickGateway())),
  );
  viewers.forEach((v) => v.connect());
  await sleep(1_500);

  const spokenAt: number[] = [];
  const idOf = (n: number) => `chaos-${n}`;
  const start = Date.now();
  const faultRuns = options.faults.map(async (fault) => {
    await sleep(Math.max(0, start + fault.at - Date.now()));
    log(`${((Date.now() - start) / 1000).toFixed(1)} s: kill -9 ${fault.target} for ${fault.downMs / 1000} s`);
    await cluster.kill(fault.target);
    await sleep(fault.downMs);
    const restartMs = await cluster.start(fault.target);
    const readyAt = Date.now();
    log(`${((readyAt - start) / 1000).toFixed(1)} s: ${fault.target} ready again after ${restartMs} ms`);
    return { fault, restartMs, readyAt };
  });

  const speech = (async () => {
    const interval = 1000 / options.sentencesPerSecond;
    for (let n = 1; Date.now() - start < options.speechMs; n++) {
      await sleep(Math.max(0, start + n * interval - Date.now()));
      spokenAt.push(Date.now());
      const frame: TranscriptFrame = {
        type: 'transcript',
        messageId: idOf(n),
        text: `Frase número ${n}`,
        sourceLanguage: 'es',
        timestamp: new Date().toISOString(),
        confidence: 0.9,
        final: true,
      };
      host.sendTranscript(frame);
    }
  })();

  await speech;
  const recoveries = await Promise.all(faultRuns);
  const spoken = spokenAt.length;
  const lastRecovery = Math.max(start + options.speechMs, ...recoveries.map((r) => r.readyAt));
  for (let i = 0; i < 600 && outbox.size > 0; i++) await sleep(100);
  const outboxEmptyAt = Date.now();
  const outboxLeft = outbox.size;

  // Viewers get until every stored sentence has reached them, or 60 s.
  for (let i = 0; i < 600 && viewers.some((v) => v.report(spoken).missing.length > 0); i++) await sleep(100);
  await sleep(500);
  viewers.forEach((v) => v.stop());
  host.close();

  const db = new Client({ connectionString: options.databaseUrl });
  await db.connect();
  const rows = (
    await db.query<{ message_id: string; seq: number }>('SELECT message_id, seq FROM rooms.message_logs WHERE room_id = $1 ORDER BY seq', [room.id])
  ).rows;
  await db.end();

  const spokenIndex = (id: string) => Number(id.replace('chaos-', ''));
  const storedIds = rows.map((r) => r.message_id);
  const seqGaps = rows.filter((r, i) => r.seq !== i + 1).length;
  let seqOutOfSpokenOrder = 0;
  for (let i = 1; i < storedIds.length; i++) if (spokenIndex(storedIds[i]) < spokenIndex(storedIds[i - 1])) seqOutOfSpokenOrder += 1;

  const faults = recoveries.map(({ fault, restartMs, readyAt }): FaultReport => {
    const after = [...ackedAt.values()].filter((t) => t >= readyAt);
    const waiting = spokenAt.map((t, i) => ({ t, id: idOf(i + 1) })).filter(({ t }) => t < readyAt);
    const lastAck = Math.max(readyAt, ...waiting.map(({ id }) => ackedAt.get(id) ?? Infinity));
    return {
      target: fault.target,
      downMs: fault.downMs,
      restartMs,
      firstAckMs: after.length ? Math.min(...after) - readyAt : null,
      drainMs: lastAck - readyAt,
    };
  });

  return {
    spoken,
    acked: ackedAt.size,
    stored: new Set(storedIds).size,
    storedTwice: storedIds.length - new Set(storedIds).size,
    seqOutOfSpokenOrder,
    seqGaps,
    outboxLeft,
    outboxEmptyAfterLastRecoveryMs: Math.max(0, outboxEmptyAt - lastRecovery),
    faults,
    viewers: viewers.map((v) => v.report(rows.length)),
  };
}

/** The report as a table for the test's output. */
export function formatReport(report: ScenarioReport): string {
  const lines = [
    `spoken ${report.spoken}, acked ${report.acked}, stored ${report.stored} (twice: ${report.storedTwice}), seq gaps ${report.seqGaps}, ` +
      `out of spoken order ${report.seqOutOfSpokenOrder}, outbox left ${report.outboxLeft}, outbox empty ${report.outboxEmptyAfterLastRecoveryMs} ms after the last recovery`,
    'fault            down s  restart ms  first ack ms  drain ms',
    ...report.faults.map(
      (f) =>
        `${f.target.padEnd(16)} ${String(f.downMs / 1000).padStart(6)}  ${String(f.restartMs).padStart(10)}  ${String(f.firstAckMs ?? '-').padStart(12)}  ${String(f.drainMs).padStart(8)}`,
    ),
    'viewer  received  duplicates  out of order  missing  reconnects',
    ...report.viewers.map(
      (v) =>
        `${v.lang.padEnd(6)}  ${String(v.received).padStart(8)}  ${String(v.duplicates).padStart(10)}  ${String(v.outOfOrder).padStart(12)}  ${String(v.missing.length).padStart(7)}  ${String(v.reconnects).padStart(10)}`,
    ),
  ];
  return lines.join('\n');
}
