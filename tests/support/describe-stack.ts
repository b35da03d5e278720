import { Client } from 'pg';
import type { LanguageCode } from '@lt/contracts';
import { createTestDatabase, eventually, FakeOpenAiServer, LiveClient, type TestDatabase } from '@lt/testing';
import { PresenceRegistry } from '@lt/translate';
import { startStack, type Stack, type StackOptions } from './stack';

export interface StackFixtureOptions extends Omit<StackOptions, 'databaseUrl' | 'llmUrl'> {
  /** A fake language model the stack calls (true by default); false: the stack has none (llmUrl null). */
  llm?: boolean;
}

/** What a suite reaches once its stack runs (read inside tests and hooks, not at collection time). */
export interface StackFixture {
  readonly stack: Stack;
  readonly baseUrl: string;
  /** The fake language model; throws when the suite asked for none. */
  readonly llm: FakeOpenAiServer;
  readonly db: TestDatabase;
  /** A client of the suite's database, connected on first use and ended before the database is dropped. */
  sql(): Promise<Client>;
  /** Sockets closed after the suite (those `join` opens are added). */
  readonly clients: LiveClient[];
  /** A socket that has sent `join` and got its answer (`joined` or an error); `baseUrl` defaults to the stack's. */
  join(join: Record<string, unknown>, baseUrl?: string): Promise<LiveClient>;
  /** Waits until translate-svc counts viewers reading each of `langs` in the room (gateways announce them on the bus). */
  readers(roomId: string, ...langs: LanguageCode[]): Promise<void>;
  /**
   * One more stack on the suite's database and language model, with the suite's options and `changes` over them
   * (`undefined` drops one): a deployment configured otherwise. Closed by the test, or else with the suite.
   */
  another(changes: Partial<Omit<StackFixtureOptions, 'llm'>>): Promise<Stack>;
}

/**
 * The set-up of an integration suite: a fresh database, a fake language model and the product's services
 * (tests/support/stack.ts), started in `beforeAll` and torn down in `afterAll`, in reverse order. Call it at the
 * top of a `describe`.
 */
export function describeStack(settings: StackFixtureOptions | (() => StackFixtureOptions)): StackFixture {
  let db: TestDatabase | undefined;
  let llm: FakeOpenAiServer | undefined;
  let stack: Stack | undefined;
  let options: StackFixtureOptions | undefined;
  const others = new Set<Stack>();
  const clients: LiveClient[] = [];
  let sql: Promise<Client> | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the suite's ${what} is not started (read it inside a test or hook)`);
    return value;
  };
  const start = ({ llm: _wanted, ...stackOptions }: StackFixtureOptions) =>
    startStack({ ...stackOptions, databaseUrl: started(db, 'database').url, llmUrl: llm?.url ?? null });

  beforeAll(async () => {
    // A function: settings that name what the suite started before (a fake provider's address).
    options = typeof settings === 'function' ? settings() : settings;
    db = await createTestDatabase();
    if (options.llm !== false) {
      llm = new FakeOpenAiServer();
      await llm.start();
    }
    stack = await start(options);
  });

  // Hooks run in the order they are declared: what a suite opens on the database ends here, before the drop.
  afterAll(async () => {
    clients.splice(0).forEach((c) => c.close());
    await (await sql?.catch(() => undefined))?.end();
    for (const other of others) await other.close();
    await stack?.close();
    await llm?.stop();
    await db?.drop();
  });

  const fixture: StackFixture = {
    get stack() {
      return started(stack, 'stack');
    },
    get baseUrl() {
      return started(stack, 'stack').baseUrl;
    },
    get llm() {
      return started(llm, 'language model');
    },
    get db() {
      return started(db, 'database');
    },
    sql: () => {
      const { url } = fixture.db;
      sql ??= (async () => {
        const client = new Client({ connectionString: url });
        await client.connect();
        return client;
      })();
      return sql;
    },
    clients,
    join: async (join, baseUrl) => {
      const client = await LiveClient.connect(baseUrl ?? fixture.baseUrl);
      clients.push(client);
      client.send({ type: 'join', ...join });
      await client.waitFor((c) => c.frames.some((f) => f.type === 'joined' || f.type === 'error'), 5000, 'the answer to join');
      return client;
    },
    readers: (roomId, ...langs) => readersCounted(fixture.stack, roomId, ...langs),
    another: async (changes) => {
      const other = await start({ ...started(options, 'stack'), ...changes });
      others.add(other);
      return {
        ...other,
        close: async () => {
          // Once: by the test, or else with the suite.
          if (others.delete(other)) await other.close();
        },
      };
    },
  };
  return fixture;
}

/** What the stack's translate-svc knows of the languages viewers read in each room. */
export const translatePresence = (stack: Stack): PresenceRegistry =>
  (stack.service('translate-svc') ?? stack.gateways[0].app).get(PresenceRegistry);

/** Waits until the stack's translate-svc counts viewers reading each of `langs` in the room. */
export async function readersCounted(stack: Stack, roomId: string, ...langs: LanguageCode[]): Promise<void> {
  const presence = translatePresence(stack);
  const counted = () => langs.every((lang) => presence.languagesFor(roomId).includes(lang));
  await eventually(counted, `translate-svc to count viewers of ${langs.join(', ')} in room ${roomId}`);
}
