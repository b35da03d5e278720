import type { ServerFrame } from '@lt/contracts';

/** A row of rooms.message_logs for the room. */
export interface StoredRow {
  message_id: string;
  seq: number;
  text: string;
}

export interface StoreReport {
  spoken: number;
  /** Distinct sentences acked. */
  acked: number;
  /** Rows stored for the room. */
  stored: number;
  spokenNotStored: string[];
  ackedNotStored: string[];
  storedNotSpoken: string[];
  /** Rows beyond the first for one spoken sentence (under its messageId or another). */
  storedTwice: number;
  /** Seqs missing between 1 and the highest stored, and seqs stored more than once. */
  seqGaps: number[];
  seqRepeated: number[];
  /** Neighbouring rows (by seq) whose sentences were spoken in the other order: [earlier seq's sentence, later seq's sentence]. */
  outOfSpokenOrder: Array<[number, number]>;
  /** Sentences whose ack named another seq than the stored one, or whose acks disagree. */
  ackSeqMismatch: string[];
}

/**
 * What the database holds for the room against what was spoken and acked. `spokenIds` is in spoken order;
 * `textNumber` tells which spoken sentence a stored text is (to find one stored twice under two messageIds).
 */
export function analyseStore(
  spokenIds: readonly string[],
  ackSeqs: ReadonlyMap<string, readonly number[]>,
  rows: readonly StoredRow[],
  textNumber: (text: string) => number | null,
): StoreReport {
  const spokenIndex = new Map(spokenIds.map((id, i) => [id, i + 1]));
  const byId = new Map<string, StoredRow[]>();
  for (const row of rows) byId.set(row.message_id, [...(byId.get(row.message_id) ?? []), row]);
  // One spoken sentence: known by its number in the text, else by its messageId.
  const sentences = new Set(rows.map((row) => textNumber(row.text) ?? row.message_id));

  const sorted = [...rows].sort((a, b) => a.seq - b.seq);
  const seqCount = new Map<number, number>();
  for (const row of sorted) seqCount.set(row.seq, (seqCount.get(row.seq) ?? 0) + 1);
  const maxSeq = sorted.at(-1)?.seq ?? 0;
  const seqGaps: number[] = [];
  for (let seq = 1; seq <= maxSeq; seq++) if (!seqCount.has(seq)) seqGaps.push(seq);
  const seqRepeated = [...seqCount.entries()].filter(([, count]) => count > 1).map(([seq]) => seq);

  const outOfSpokenOrder: Array<[number, number]> = [];
  for (let i = 1; i < sorted.length; i++) {
    const before = spokenIndex.get(sorted[i - 1].message_id);
    const after = spokenIndex.get(sorted[i].message_id);
    if (before !== undefined && after !== undefined && after < before) outOfSpokenOrder.push([before, after]);
  }

  const ackSeqMismatch = [...ackSeqs.entries()]
    .filter(([id, seqs]) => {
      const stored = byId.get(id);
      return !stored || new Set(seqs).size > 1 || seqs.some((seq) => seq !== stored[0].seq);
    })
    .map(([id]) => id);

  return {
    spoken: spokenIds.length,
    acked: ackSeqs.size,
    stored: rows.length,
    spokenNotStored: spokenIds.filter((id) => !byId.has(id)),
    ackedNotStored: [...ackSeqs.keys()].filter((id) => !byId.has(id)),
    storedNotSpoken: [...byId.keys()].filter((id) => !spokenIndex.has(id)),
    storedTwice: rows.length - sentences.size,
    seqGaps,
    seqRepeated,
    outOfSpokenOrder,
    ackSeqMismatch,
  };
}

export interface ViewerReport {
  name: string;
  lang: string;
  /** Joins sent (the first and every re-join). */
  joins: number;
  /** The `since` of each re-join. */
  rejoinSince: Array<number | undefined>;
  /** Translation frames on the wire. */
  frames: number;
  /** Frames of a seq this viewer had already been sent (in its language). */
  duplicates: number;
  /** Frames of a new seq below one already sent. */
  outOfOrder: number;
  /** Stored seqs never sent. */
  missing: number[];
  /** Frames whose messageId is not the one stored under their seq, or of another language. */
  wrong: number;
}

/** A viewer's translation frames, in wire order, against the stored transcript. */
export function analyseViewer(
  name: string,
  lang: string,
  frames: ReadonlyArray<{ frame: ServerFrame }>,
  rows: readonly StoredRow[],
  rejoinSince: Array<number | undefined>,
  joins: number,
): ViewerReport {
  const storedId = new Map(rows.map((row) => [row.seq, row.message_id]));
  const seen = new Set<number>();
  let highest = 0;
  let duplicates = 0;
  let outOfOrder = 0;
  let wrong = 0;
  let count = 0;
  for (const { frame } of frames) {
    if (frame.type !== 'translation') continue;
    count += 1;
    if (frame.lang !== lang || storedId.get(frame.seq) !== frame.messageId) wrong += 1;
    if (seen.has(frame.seq)) duplicates += 1;
    else if (frame.seq < highest) outOfOrder += 1;
    seen.add(frame.seq);
    highest = Math.max(highest, frame.seq);
  }
  const missing = rows.map((row) => row.seq).filter((seq) => !seen.has(seq));
  return { name, lang, joins, rejoinSince, frames: count, duplicates, outOfOrder, missing, wrong };
}

export interface FaultReport {
  target: string;
  /** When it was killed, in s after the host began to speak. */
  killedAtS: number;
  /** From the kill to the restart. */
  downMs: number;
  /** From the kill to the first answer (ack or error naming a sentence) the host got after it (null: none). */
  firstAnswerAfterKillMs: number | null;
  /** From the restart until it answered ready. */
  restartMs: number;
  /** From ready to the first ack after it (null: none came). */
  firstAckMs: number | null;
  /** From ready to the first translation any viewer got after it (null: none came). */
  firstTranslationMs: number | null;
  /** Sentences in the host's outbox when it was ready again. */
  backlog: number;
  /** From ready until the host's outbox was empty (0: it was; null: not before the next fault or the end). */
  outboxEmptyMs: number | null;
  /** From ready until every sentence spoken before it was acked (null: not by the end). */
  backlogAckedMs: number | null;
  /** Error frames the host got from the kill until the next fault (or the end), by code. */
  errors: Record<string, number>;
  /** Sentences first acked from the kill until the next fault (or the end): the longest wait of a viewer from the ack to its translation. */
  viewerLagMs: number;
}

export interface HostReport {
  /** Sockets the host's LiveClient opened. */
  sockets: number;
  /** Error frames by code; `…(no messageId)` for those that name no sentence. */
  errors: Record<string, number>;
  /** From spoken to acked, over acked sentences: p50, p95, max (ms). */
  ackLatency: { p50: number; p95: number; max: number };
  outboxLeft: number;
  /** From the end of the speech until the outbox was empty (null: not within the final wait). */
  drainAfterSpeechMs: number | null;
}

export interface ChaosReport {
  schedule: string;
  /** How long the host spoke, s. */
  speechS: number;
  /** Processes that could not be started again (the run stops faulting there). */
  failures: string[];
  store: StoreReport;
  host: HostReport;
  faults: FaultReport[];
  viewers: ViewerReport[];
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (value: number | null) => (value === null ? 'never' : String(value));
const codes = (errors: Record<string, number>) =>
  Object.entries(errors)
    .map(([code, count]) => `${code} ${count}`)
    .join(', ') || '-';
const list = (values: ReadonlyArray<unknown>, max = 8) =>
  values.length === 0 ? '0' : `${values.length} (${values.slice(0, max).map(String).join(' ')}${values.length > max ? ' …' : ''})`;

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

/** The report as tables for stdout. */
export function formatReport(r: ChaosReport): string {
  const s = r.store;
  return [
    `chaos (${r.schedule}): the host spoke ${s.spoken} sentences in ${r.speechS.toFixed(1)} s`,
    '',
    ...table(
      [
        'fault',
        'killed at s',
        'down ms',
        'answer after kill ms',
        'restart ms',
        'first ack ms',
        'restart→ack ms',
        'first translation ms',
        'backlog',
        'outbox empty ms',
        'backlog acked ms',
        'viewer lag ms',
        'host errors',
      ],
      r.faults.map((f) => [
        f.target,
        f.killedAtS.toFixed(1),
        String(f.downMs),
        ms(f.firstAnswerAfterKillMs),
        String(f.restartMs),
        ms(f.firstAckMs),
        f.firstAckMs === null ? 'never' : String(f.restartMs + f.firstAckMs),
        ms(f.firstTranslationMs),
        String(f.backlog),
        ms(f.outboxEmptyMs),
        ms(f.backlogAckedMs),
        String(f.viewerLagMs),
        codes(f.errors),
      ]),
    ),
    '(answer after kill: the first ack or error naming a sentence the host got after the kill; restart: from the restart until',
    ' the process answered ready; first ack, first translation, outbox empty, backlog acked: from then; viewer lag: the longest',
    ' wait of a viewer from the ack of a sentence acked in the fault window until its translation)',
    ...r.failures.map((f) => `FAILED TO RECOVER: ${f}`),
    '',
    ...table(
      ['stored', 'count'],
      [
        ['spoken', String(s.spoken)],
        ['acked', String(s.acked)],
        ['stored rows', String(s.stored)],
        ['spoken, not stored', list(s.spokenNotStored)],
        ['acked, not stored', list(s.ackedNotStored)],
        ['stored, never spoken', list(s.storedNotSpoken)],
        ['stored twice', String(s.storedTwice)],
        ['seq gaps', list(s.seqGaps)],
        ['seq repeated', list(s.seqRepeated)],
        ['seq against spoken order', list(s.outOfSpokenOrder.map(([a, b]) => `${a}>${b}`))],
        ['ack seq ≠ stored seq', list(s.ackSeqMismatch)],
      ],
    ),
    '',
    ...table(
      ['host', 'value'],
      [
        ['sockets', String(r.host.sockets)],
        ['error frames', codes(r.host.errors)],
        ['ack latency p50/p95/max ms', `${r.host.ackLatency.p50}/${r.host.ackLatency.p95}/${r.host.ackLatency.max}`],
        ['outbox left at the end', String(r.host.outboxLeft)],
        ['outbox empty after the speech ended, ms', ms(r.host.drainAfterSpeechMs)],
      ],
    ),
    '',
    ...table(
      ['viewer', 'joins', 'frames', 'duplicates', 'out of order', 'missing', 'wrong', 'since of re-joins'],
      r.viewers.map((v) => [
        v.name,
        String(v.joins),
        String(v.frames),
        String(v.duplicates),
        String(v.outOfOrder),
        list(v.missing, 5),
        String(v.wrong),
        v.rejoinSince.map((x) => x ?? '-').join(' ') || '-',
      ]),
    ),
  ].join('\n');
}
