import { Inject, Injectable } from '@nestjs/common';
import { ExpiringMap, sha256, SingleFlight } from '@lt/platform';
import { DataSource } from 'typeorm';
import { TRANSLATE_DATA_SOURCE } from '../translate.database';
import { TRANSLATE_ENV, type TranslateEnv } from '../translate.env';

/**
 * Who asks, most urgent first: a live caption, a revision (Enhance Mode's improvement of a sentence, or lines
 * translated again with a new glossary), a summary, catch-up and exports, and last an interim line (Fast
 * captions: the first to go without when the provider's budget runs low).
 */
export type LlmPriority = 'live' | 'revision' | 'summary' | 'history' | 'interim';

/**
 * The share of each bucket a priority leaves to the more urgent ones: when the provider's budget runs low,
 * live captions still get a slot while summaries and catch-up wait.
 */
const RESERVE: Record<LlmPriority, number> = { live: 0, revision: 0.1, summary: 0.2, history: 0.3, interim: 0.4 };
const POLL_MS: Record<LlmPriority, number> = { live: 50, revision: 100, summary: 250, history: 250, interim: 250 };

/** A limit: a bucket of requests, one of tokens, and a fixed window of requests. */
interface Limit {
  key: string;
  roomId?: string;
  requestCap: number;
  requestsPerSecond: number;
  tokenCap: number;
  tokensPerSecond: number;
  windowMs: number;
  windowMax: number;
}

/** How long a request that is not live waits for its room's rate at most (the limiter's wait timeout). */
const ROOM_WAIT_MS = 30_000;

const UNBOUNDED = 1e12;
/** A refill that fills the interim bucket in a millisecond: the opening call of a sentence waits for no interval. */
const OPENING_REFILL_PER_SECOND = 1e6;
/** How long an interim translation waits for a slot of the provider at most (one poll). */
const INTERIM_SLOT_WAIT_MS = 300;

export type Acquired = 'granted' | 'busy' | 'rate_limited';

/**
 * After a limit refused a take, this process asks for it again (at that priority or a lower one) only after this
 * long, and a caller waits for the answer to a take already being asked: callers waiting behind an empty bucket
 * poll it together, about once a live poll, instead of each with its own round trip holding a database
 * connection (a backlog of waiters would take the pool from everything else of translate-svc). A more urgent
 * caller, whose reserve is smaller, still asks at once, and so does one of a limit refilling a request within
 * that time (a sentence's opening interim line).
 */
const REFUSED_QUIET_MS = POLL_MS.live;
const MAX_QUIET_LIMITS = 10_000;
const REFUSED = { granted: false, blockedMs: 0 };

/**
 * The language-model limits, in PostgreSQL so that every replica of translate-svc shares them: the
 * provider's requests and tokens per minute (`LLM_RPM`, `LLM_TPM`) and its `429` back-off, and each room's
 * rate. Every take is one atomic UPDATE; a caller that gets no slot polls until its deadline.
 */
@Injectable()
export class LlmLimiter {
  private readonly provider: Limit;
  private readonly roomLimit: Omit<Limit, 'key'>;
  /** Keys whose row this process has made sure of. */
  private readonly ensured = new Set<string>();
  /** Per key, the insert of its row under way: the first takes of a new limit, asked together, share it. */
  private readonly ensuring = new SingleFlight<string, void>();
  /** Per limit refused a moment ago, the smallest reserve it refused. */
  private readonly refused = new ExpiringMap<string, number>({ max: MAX_QUIET_LIMITS, ttlMs: REFUSED_QUIET_MS });
  /** Per limit and reserve, the take this process is asking for now. */
  private readonly asking = new SingleFlight<string, { granted: boolean; blockedMs: number }>();
  /** Per speaker's interim limit, when this process last asked for a take it was granted. */
  private readonly interimGranted = new ExpiringMap<string, number>({ max: MAX_QUIET_LIMITS });

  constructor(
    @Inject(TRANSLATE_ENV) env: TranslateEnv,
    @Inject(TRANSLATE_DATA_SOURCE) private readonly db: DataSource,
  ) {
    this.provider = {
      key: 'provider',
      requestCap: env.LLM_RPM,
      requestsPerSecond: env.LLM_RPM / 60,
      tokenCap: env.LLM_TPM,
      tokensPerSecond: env.LLM_TPM / 60,
      windowMs: 60_000,
      windowMax: UNBOUNDED,
    };
    this.roomLimit = {
      requestCap: env.ROOM_TRANSLATION_BURST,
      requestsPerSecond: env.ROOM_TRANSLATION_REFILL_PER_SECOND,
      tokenCap: UNBOUNDED,
      tokensPerSecond: 0,
      windowMs: 60_000,
      windowMax: env.ROOM_TRANSLATION_PER_MINUTE,
    };
  }

  /**
   * A slot of the provider for a call of about `tokens` tokens, waited for until `deadlineAt`: `busy` when
   * our own limits gave none in time, `rate_limited` when the provider's `Retry-After` outlasts the deadline.
   */
  provide(tokens: number, priority: LlmPriority, deadlineAt: number): Promise<Acquired> {
    // An interim line is of use now or not at all: skipped when the budget has no slot for it at once.
    const until = priority === 'interim' ? Math.min(deadlineAt, Date.now() + INTERIM_SLOT_WAIT_MS) : deadlineAt;
    return this.acquire(this.provider, Math.min(tokens, this.provider.tokenCap), priority, until);
  }

  /** One translation request of a room (a sentence, whatever its languages, or a summary). */
  async room(roomId: string, priority: LlmPriority, deadlineAt: number): Promise<boolean> {
    const limit: Limit = { key: `room:${roomId}`, roomId, ...this.roomLimit };
    return (await this.acquire(limit, 0, priority, Math.min(deadlineAt, Date.now() + ROOM_WAIT_MS))) === 'granted';
  }

  /**
   * One interim translation of a speaker into a language (Fast captions): at most one per `intervalMs` and
   * `perMinute` a minute, shared by every replica; never waited for (false: this interim line is skipped).
   * The `opening` one of a sentence does not wait out the interval the previous sentence's last call began
   * (its words are the ones a viewer waits for most), but counts in the minute and starts the next interval.
   * A line within the interval of a take this process was granted is refused here, without asking the database:
   * the shared bucket, holding one request, cannot have refilled (the take is timed from before it was asked).
   */
  async interim(roomId: string, speakerId: string, lang: string, intervalMs: number, perMinute: number, opening = false): Promise<boolean> {
    const key = `interim:${roomId}:${sha256(speakerId).slice(0, 16)}:${lang}`;
    const asked = Date.now();
    if (!opening && asked - (this.interimGranted.get(key) ?? -Infinity) < intervalMs) return false;
    const limit: Limit = {
      // A limit's key holds at most 80 characters: the speaker is named by a short digest of its id, whatever its length.
      key,
      roomId,
      requestCap: 1,
      requestsPerSecond: opening ? OPENING_REFILL_PER_SECOND : 1000 / intervalMs,
      tokenCap: UNBOUNDED,
      tokensPerSecond: 0,
      windowMs: 60_000,
      windowMax: perMinute,
    };
    const granted = (await this.acquire(limit, 0, 'live', Date.now())) === 'granted';
    if (granted) this.interimGranted.set(key, asked, intervalMs);
    return granted;
  }

  /** One interim translation of about `tokens` tokens within the room's own interim rate and tokens a minute; never waited for. */
  async interimRoom(roomId: string, tokens: number, perMinute: number, tokensPerMinute: number): Promise<boolean> {
    const limit: Limit = {
      key: `interim-room:${roomId}`,
      roomId,
      requestCap: perMinute,
      requestsPerSecond: perMinute / 60,
      tokenCap: tokensPerMinute,
      tokensPerSecond: tokensPerMinute / 60,
      windowMs: 60_000,
      windowMax: perMinute,
    };
    return (await this.acquire(limit, Math.min(tokens, tokensPerMinute), 'live', Date.now())) === 'granted';
  }

  /**
   * One of a room's on-demand translations (`kind`: a (line, language) pair of a glossary revision, a question
   * into a language), at most `perMinute` a minute, shared by every replica; never waited for.
   */
  async perRoom(kind: 'revision' | 'question', roomId: string, perMinute: number): Promise<boolean> {
    const limit: Limit = {
      key: `${kind}:${roomId}`,
      roomId,
      requestCap: perMinute,
      requestsPerSecond: perMinute / 60,
      tokenCap: UNBOUNDED,
      tokensPerSecond: 0,
      windowMs: 60_000,
      windowMax: perMinute,
    };
    return (await this.acquire(limit, 0, 'live', Date.now())) === 'granted';
  }

  /** The provider answered 429: every replica waits `ms` before its next call. */
  async backOff(ms: number): Promise<void> {
    await this.ensure(this.provider);
    await this.db.query(
      `UPDATE translate.llm_limits SET blocked_until = GREATEST(COALESCE(blocked_until, now()), now() + make_interval(secs => $2)) WHERE key = $1`,
      [this.provider.key, ms / 1000],
    );
  }

  private async acquire(limit: Limit, tokens: number, priority: LlmPriority, deadlineAt: number): Promise<Acquired> {
    await this.ensure(limit);
    const reserve = RESERVE[priority];
    for (;;) {
      const { granted, blockedMs } = await this.poll(limit, tokens, reserve);
      if (granted) return 'granted';
      const left = deadlineAt - Date.now();
      if (blockedMs > 0 && blockedMs >= left) return 'rate_limited';
      if (left <= POLL_MS[priority]) return 'busy';
      await new Promise((r) => setTimeout(r, Math.min(Math.max(POLL_MS[priority], blockedMs), left - POLL_MS[priority])));
    }
  }

  /**
   * A take, unless this process knows it would be refused: the limit refused one at this reserve (or a smaller)
   * a moment ago, or refuses the one being asked now at this reserve. Callers at one reserve share a take while it
   * is asked: its refusal answers them all, its grant is its asker's alone (the others then ask for their own).
   */
  private async poll(limit: Limit, tokens: number, reserve: number): Promise<{ granted: boolean; blockedMs: number }> {
    const quietable = limit.requestsPerSecond * REFUSED_QUIET_MS < 1000;
    if (!quietable) return this.take(limit, tokens, reserve);
    if ((this.refused.get(limit.key) ?? Infinity) <= reserve) return REFUSED;
    const { promise, shared } = this.asking.join(`${limit.key}:${reserve}`, () => this.take(limit, tokens, reserve));
    const answer = shared ? await promise.catch(() => null) : await promise;
    const result = answer && !(shared && answer.granted) ? answer : await this.take(limit, tokens, reserve);
    if (!result.granted) this.refused.set(limit.key, Math.min(this.refused.get(limit.key) ?? reserve, reserve));
    return result;
  }

  /** One atomic take: refill for the time elapsed, then take one request and `tokens` if above the reserve. */
  private async take(limit: Limit, tokens: number, reserve: number): Promise<{ granted: boolean; blockedMs: number }> {
    const rows: { granted: boolean; blocked_ms: number }[] = await this.db.query(
      `WITH cur AS (
         SELECT key,
           LEAST($2::float8, requests + EXTRACT(EPOCH FROM clock_timestamp() - updated_at) * $3::float8) AS r,
           LEAST($4::float8, tokens + EXTRACT(EPOCH FROM clock_timestamp() - updated_at) * $5::float8) AS t,
           CASE WHEN clock_timestamp() - window_start >= make_interval(secs => $6::float8 / 1000) THEN 0 ELSE window_count END AS n,
           CASE WHEN clock_timestamp() - window_start >= make_interval(secs => $6::float8 / 1000) THEN clock_timestamp() ELSE window_start END AS ws,
           GREATEST(0, EXTRACT(EPOCH FROM COALESCE(blocked_until, clock_timestamp()) - clock_timestamp()) * 1000) AS blocked_ms
         FROM translate.llm_limits WHERE key = $1 FOR UPDATE
       ), ok AS (
         SELECT *, (blocked_ms = 0 AND r - 1 >= $2::float8 * $8::float8 AND t - $9::float8 >= $4::float8 * $8::float8 AND n < $7::float8 * (1 - $8::float8)) AS granted FROM cur
       ), upd AS (
         UPDATE translate.llm_limits l SET
           requests = ok.r - CASE WHEN ok.granted THEN 1 ELSE 0 END,
           tokens = ok.t - CASE WHEN ok.granted THEN $9::float8 ELSE 0 END,
           window_count = ok.n + CASE WHEN ok.granted THEN 1 ELSE 0 END,
           window_start = ok.ws,
           updated_at = clock_timestamp()
         FROM ok WHERE l.key = ok.key RETURNING ok.granted, ok.blocked_ms
       )
       SELECT granted, blocked_ms::float8 AS blocked_ms FROM upd`,
      [
        limit.key,
        limit.requestCap,
        limit.requestsPerSecond,
        limit.tokenCap,
        limit.tokensPerSecond,
        limit.windowMs,
        limit.windowMax,
        reserve,
        tokens,
      ],
    );
    const row = rows[0];
    if (!row) {
      // The row went with its room's data (or was never made): make it again and take from it.
      if (!this.ensured.delete(limit.key)) return { granted: true, blockedMs: 0 };
      await this.ensure(limit);
      return this.take(limit, tokens, reserve);
    }
    return { granted: row.granted, blockedMs: Number(row.blocked_ms) };
  }

  private async ensure(limit: Limit): Promise<void> {
    if (this.ensured.has(limit.key)) return;
    await this.ensuring.run(limit.key, () => this.insert(limit));
  }

  private async insert(limit: Limit): Promise<void> {
    if (this.ensured.has(limit.key)) return;
    await this.db.query(
      `INSERT INTO translate.llm_limits (key, room_id, requests, tokens, window_start, window_count, updated_at)
       VALUES ($1, $2, $3, $4, clock_timestamp(), 0, clock_timestamp()) ON CONFLICT (key) DO NOTHING`,
      [limit.key, limit.roomId ?? null, limit.requestCap, Math.min(limit.tokenCap, UNBOUNDED)],
    );
    if (this.ensured.size > 10_000) this.ensured.clear();
    this.ensured.add(limit.key);
  }
}
