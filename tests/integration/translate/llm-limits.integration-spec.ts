import { LlmLimiter } from '@lt/translate';
import { describeStack } from '../../support/describe-stack';
import { sleep } from '../helpers';

jest.setTimeout(60_000);

const natsUp = process.env.LT_NATS_AVAILABLE === '1';

/**
 * Two replicas of translate-svc (each its own Nest application over NATS) on one database: the language-model
 * limits are theirs together, not each one's.
 */
(natsUp ? describe : describe.skip)('the language-model limits shared by two translate-svc replicas (distributed mode)', () => {
  const suite = describeStack({ mode: 'distributed', translate: { LLM_RPM: '10', LLM_TPM: '1000' } });
  let a: LlmLimiter;
  let b: LlmLimiter;

  beforeAll(async () => {
    const second = await suite.stack.startService('translate-svc-2');
    [a, b] = [suite.stack.service('translate-svc')?.get(LlmLimiter), second.get(LlmLimiter)] as LlmLimiter[];
  });

  it('grants the requests per minute once across both replicas, keeps a share for live captions, and backs off together on a 429', async () => {
    const soon = () => Date.now() + 150;
    // 7 of the bucket of 10, from both replicas at once.
    const first = await Promise.all(
      [...Array(4)].map(() => a.provide(10, 'live', soon())).concat([...Array(3)].map(() => b.provide(10, 'live', soon()))),
    );
    expect(first.filter((r) => r === 'granted')).toHaveLength(7);
    // Catch-up leaves the last 30 % to live captions; a live caption still gets one.
    expect(await b.provide(10, 'history', soon())).toBe('busy');
    expect(await a.provide(10, 'live', soon())).toBe('granted');
    const rest = await Promise.all([...Array(6)].map((_, i) => (i % 2 ? a : b).provide(10, 'live', soon())));
    // 2 left in the bucket (and whatever refilled meanwhile, 1 every 6 s).
    expect(rest.filter((r) => r === 'granted').length).toBeGreaterThanOrEqual(2);
    expect(rest.filter((r) => r === 'granted').length).toBeLessThanOrEqual(3);

    // Tokens per minute: a call bigger than what is left waits.
    expect(await a.provide(2000, 'live', soon())).toBe('busy');

    // The provider said 429 with Retry-After 1 to replica A: B waits it out too.
    await a.backOff(1_000);
    expect(await b.provide(1, 'live', soon())).toBe('rate_limited');
  });

  it('limits a room to its rate: a burst of 50 sentences, then about 3 a second', async () => {
    const roomId = crypto.randomUUID();
    const soon = () => Date.now() + 100;
    const burst = await Promise.all([...Array(60)].map((_, i) => (i % 2 ? a : b).room(roomId, 'live', soon())));
    expect(burst.filter(Boolean).length).toBeGreaterThanOrEqual(50);
    expect(burst.filter(Boolean).length).toBeLessThanOrEqual(52);
    // The 60-second window holds 50: refilled tokens do not pass it.
    // Time under test: a second refills about 3 tokens, which the window must still refuse.
    await sleep(1_000);
    expect(await a.room(roomId, 'live', soon())).toBe(false);
    expect(await b.room(crypto.randomUUID(), 'live', soon())).toBe(true);
  });

  it("paces one speaker's interim translations across both replicas, whatever the length of the speaker id", async () => {
    const roomId = crypto.randomUUID();
    // An invited speaker's id is longer than a host's: the limit's key must still hold it.
    const speakerId = `speaker-${crypto.randomUUID()}-${crypto.randomUUID()}`;
    expect(await a.interim(roomId, speakerId, 'pt-BR', 60_000, 10)).toBe(true);
    expect(await b.interim(roomId, speakerId, 'pt-BR', 60_000, 10)).toBe(false);
    expect(await b.interim(roomId, `${speakerId}-2`, 'pt-BR', 60_000, 10)).toBe(true);
  });

  it('asks the database about once a live poll for a backlog of callers behind an empty bucket, not once each', async () => {
    // The bucket of 10 a minute emptied (whatever the tests before left in it).
    while ((await a.provide(10, 'live', Date.now())) === 'granted');
    const db = (a as unknown as { db: { query: (sql: string) => unknown } }).db;
    const query = jest.spyOn(db, 'query');
    const callers = 20;
    // Each would poll every 50 ms for a second on its own: some 400 takes.
    await Promise.all([...Array(callers)].map(() => a.provide(10, 'live', Date.now() + 1_000)));
    const takes = query.mock.calls.filter(([sql]) => sql.trimStart().startsWith('WITH cur')).length;
    query.mockRestore();
    expect(takes).toBeLessThan(4 * callers);
  });
});
