import type { InterimEvent, StoredTranscript } from '@lt/contracts';
import type { CallUsage } from '@lt/usage';
import { InterimTranslator } from './interim-translator';

const ROOM = 'room-1';
const settle = () => new Promise((r) => setImmediate(r));

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** An interim translator over stand-ins: every limit grants, the room is live with Fast captions on. */
function translator() {
  let onUsage: (usage: CallUsage) => void = () => undefined;
  const writes: { tokens: number; done: ReturnType<typeof deferred<number>> }[] = [];
  let total = 0;
  const emitted: { tokens: number }[] = [];
  const glossary = { wait: Promise.resolve() };
  const deps = {
    env: {
      INTERIM_TRANSLATION_MS: 1000,
      INTERIM_TRANSLATIONS_PER_MINUTE: 60,
      INTERIM_ROOM_TRANSLATIONS_PER_MINUTE: 1200,
      INTERIM_ROOM_TOKENS_PER_MINUTE: 300_000,
      INTERIM_MASK_WORDS: 2,
    },
    llm: { configured: true, translate: jest.fn(async () => 'nous allons parler de la traduction') },
    limiter: { interim: jest.fn(async () => true), interimRoom: jest.fn(async () => true) },
    presence: { languagesFor: () => ['fr'] },
    settings: { enabled: async () => true },
    glossaries: { forText: async () => (await glossary.wait, { version: 0, entries: [] }) },
    context: { latest: () => ({ roomId: ROOM, sentences: [] }), inLanguage: async () => [] },
    meter: { allowed: async () => true, onUsage: (listener: (usage: CallUsage) => void) => (onUsage = listener) },
    usage: {
      add: (_roomId: string, tokens: number) => {
        const done = deferred<number>();
        writes.push({ tokens, done });
        return done.promise.then(() => (total += tokens));
      },
    },
    bus: {
      emitToRoom: (_route: unknown, _to: unknown, payload: { tokens?: number }) =>
        payload.tokens !== undefined && emitted.push({ tokens: payload.tokens }),
    },
    /** The service's DataSource as far as the translator looks: queries waiting for a connection of its pool. */
    db: { driver: { master: { waitingCount: 0 } } },
  };
  const interim = new InterimTranslator(
    ...([
      deps.env,
      deps.llm,
      deps.limiter,
      deps.presence,
      deps.settings,
      deps.glossaries,
      deps.context,
      deps.meter,
      deps.usage,
      deps.bus,
      deps.db,
    ] as unknown as ConstructorParameters<typeof InterimTranslator>),
  );
  const report = (tokens: number) => onUsage({ roomId: ROOM, eventType: 'interim', tokens, eventId: crypto.randomUUID() });
  return { interim, deps, writes, emitted, report, glossary };
}

const line = (text: string, at: number): InterimEvent => ({
  type: 'interim',
  roomId: ROOM,
  messageId: 'm-1',
  text,
  sourceLanguage: 'es',
  timestamp: new Date(at).toISOString(),
  speakerId: 'host-1',
  speakerName: 'Host',
});

describe('InterimTranslator', () => {
  it('writes a room’s interim total once at a time, adding the calls that end meanwhile into the next write', async () => {
    const { writes, emitted, report } = translator();
    report(100);
    report(20);
    report(3);
    await settle();
    expect(writes.map((w) => w.tokens)).toEqual([100]);
    writes[0].done.resolve(0);
    await settle();
    expect(writes.map((w) => w.tokens)).toEqual([100, 23]);
    writes[1].done.resolve(0);
    await settle();
    expect(emitted.map((e) => e.tokens)).toEqual([100, 123]);
    report(7);
    await settle();
    expect(writes.map((w) => w.tokens)).toEqual([100, 23, 7]);
  });

  it('makes no call for a line whose sentence became final while it waited', async () => {
    const { interim, deps, glossary } = translator();
    const held = deferred();
    glossary.wait = held.promise;
    const said = Date.now() - 1000;
    const pending = interim.onInterim(line('vamos a hablar de la traducción', said));
    await settle();
    interim.onFinal({ roomId: ROOM, speakerId: 'host-1', timestamp: new Date(said + 500).toISOString() } as StoredTranscript);
    held.resolve();
    await pending;
    expect(deps.limiter.interim).toHaveBeenCalledTimes(1);
    expect(deps.llm.translate).not.toHaveBeenCalled();
  });

  it('lets an interim line go without while the database is the bottleneck, and translates again once it is not', async () => {
    const { interim, deps } = translator();
    deps.db.driver.master.waitingCount = 3;
    await interim.onInterim(line('vamos a hablar de la traducción', Date.now()));
    expect(deps.limiter.interim).not.toHaveBeenCalled();
    expect(deps.llm.translate).not.toHaveBeenCalled();
    deps.db.driver.master.waitingCount = 0;
    await interim.onInterim(line('vamos a hablar de la traducción simultánea', Date.now()));
    expect(deps.llm.translate).toHaveBeenCalledTimes(1);
  });
});
