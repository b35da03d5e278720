import type { GlossaryRevisionResponse } from '@lt/contracts';
import type { Viewer } from './audience';

/** Votes each question gets, from other viewers. */
const VOTES_PER_QUESTION = 5;
/** Lines each revision translates again (the most one may ask for). */
const REVISION_LINES = 20;

/** What the audience and the host did besides speaking, and what the product answered. */
export class ActivityStats {
  readonly questions = new Map<number, number>();
  readonly votes = new Map<number, number>();
  readonly revisions: { status: number; body: Partial<GlossaryRevisionResponse>; ms: number }[] = [];
  /** [asked, answered] of each revision (Date.now()): the storm scenario keeps the captions in flight then apart. */
  readonly revising: [number, number][] = [];

  /** Every question and vote stored, every revision answered with nothing failed. */
  get refused(): number {
    const notOk = (m: Map<number, number>, ok: number) => [...m].reduce((sum, [status, n]) => sum + (status === ok ? 0 : n), 0);
    const badRevisions = this.revisions.filter((r) => r.status !== 200 || (r.body.failed ?? 0) > 0).length;
    return notOk(this.questions, 201) + notOk(this.votes, 200) + badRevisions;
  }

  /** Pairs of line and language whose revised translation differs from the one before (or had none before). */
  get revised(): number {
    return this.revisions.reduce((sum, r) => sum + (r.body.revised ?? 0), 0);
  }

  /** Translations the revisions made again (each a model call). */
  get retranslated(): number {
    return this.revisions.reduce((sum, r) => sum + (r.body.revised ?? 0) + (r.body.unchanged ?? 0) + (r.body.failed ?? 0), 0);
  }

  summary(): string {
    const statuses = (m: Map<number, number>) => JSON.stringify(Object.fromEntries(m));
    const revisions = this.revisions
      .map(
        (r) =>
          `${r.status} ${r.body.lines ?? '-'}x${r.body.languages?.length ?? '-'} revised ${r.body.revised ?? '-'} failed ${r.body.failed ?? '-'} in ${r.ms.toFixed(0)} ms`,
      )
      .join('; ');
    return `questions ${statuses(this.questions)}, votes ${statuses(this.votes)}; revisions: ${revisions || 'none'}`;
  }
}

const count = (m: Map<number, number>, status: number) => m.set(status, (m.get(status) ?? 0) + 1);

const CALL_TIMEOUT_MS = 30_000;

/**
 * A normal room's audience and host besides the captions: `questions` questions from as many viewers, each upvoted by
 * others, and `revisions` glossary changes each translated again over the last lines, spread over `holdMs`. Every
 * call comes from the bench's one address, as a venue's audience behind one public address.
 */
export async function roomActivity(
  options: { baseUrl: string; roomId: string; hostKey: string; viewers: Viewer[]; questions: number; revisions: number; holdMs: number },
  stats: ActivityStats,
): Promise<void> {
  const { baseUrl, roomId, hostKey, viewers } = options;
  // Bounded, so that a call the product never answers fails the scenario with its name instead of holding the bench.
  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: baseUrl, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    }).catch((err: Error) => {
      throw new Error(
        `${method} ${path} failed: ${err.name === 'TimeoutError' ? `no answer within ${CALL_TIMEOUT_MS / 1000} s` : err.message}`,
      );
    });
  const asHost = { 'x-host-key': hostKey };
  const enabled = await call('PUT', `/api/rooms/${roomId}/question-settings`, asHost, { enabled: true });
  if (enabled.status !== 200) throw new Error(`question-settings answered ${enabled.status}: ${await enabled.text()}`);

  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
  const ask = async (i: number) => {
    await sleep(((i + 0.5) * options.holdMs) / options.questions);
    const asker = viewers[(i * 37) % viewers.length];
    const res = await call(
      'POST',
      `/api/view/${roomId}/questions`,
      { 'x-client-id': asker.viewerId },
      { text: `¿Pregunta número ${i + 1}?`, lang: 'es' },
    );
    count(stats.questions, res.status);
    if (res.status !== 201) return;
    const { id } = (await res.json()) as { id: string };
    await Promise.all(
      Array.from({ length: VOTES_PER_QUESTION }, async (_, k) => {
        const voter = viewers[(i * 37 + k + 1) % viewers.length];
        count(stats.votes, (await call('POST', `/api/view/${roomId}/questions/${id}/vote`, { 'x-client-id': voter.viewerId })).status);
      }),
    );
  };
  // Half a step off the storms' schedule (k / (storms + 1) of the run): a storm's captions measure the storm, not a
  // revision that happens to coincide with it.
  const revise = async (k: number) => {
    await sleep(((k + 0.5) * options.holdMs) / (options.revisions + 1));
    const glossary = { entries: [{ term: `Término${k + 1}`, keep: true }] };
    const put = await call('PUT', `/api/rooms/${roomId}/glossary`, asHost, glossary);
    if (put.status !== 200) return void stats.revisions.push({ status: put.status, body: {}, ms: 0 });
    const asked = Date.now();
    const res = await call('POST', `/api/rooms/${roomId}/glossary/revise`, asHost, { lines: REVISION_LINES });
    const body = (await res.json().catch(() => ({}))) as Partial<GlossaryRevisionResponse>;
    const answered = Date.now();
    stats.revisions.push({ status: res.status, body, ms: answered - asked });
    stats.revising.push([asked, answered]);
  };
  await Promise.all([
    ...Array.from({ length: options.questions }, (_, i) => ask(i)),
    ...Array.from({ length: options.revisions }, (_, k) => revise(k)),
  ]);
}
