import { INestApplication, Module, Type, DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AccountsModule, type AccountsEnv } from '@lt/accounts';
import { GatewayModule, gatewayConfigFrom, prepareGateway, type TrustProxy } from '@lt/gateway';
import { Bus, BusModule, DatabaseUrlModule, HealthModule, Readiness, connectBus, type BusOptions } from '@lt/platform';
import { RoomsModule } from '@lt/rooms';
import { TranslateModule } from '@lt/translate';
import { TtsModule, ttsEnvSchema, type TtsEnv } from '@lt/tts';
import { TEST_NATS_URL } from '@lt/testing';

export type StackMode = 'embedded' | 'distributed';

export interface StackGateway {
  baseUrl: string;
  app: NestExpressApplication;
}

export interface Stack {
  baseUrl: string;
  /** Every gateway of the stack (more than one in distributed mode when asked for); the first is `baseUrl`. */
  gateways: StackGateway[];
  /** The first gateway's bus: lets a test publish what a service would. */
  bus: Bus;
  /** Stops one service of a distributed stack (e.g. 'rooms-svc'), as if it had died. */
  stopService(name: string): Promise<void>;
  /** Starts a service of a distributed stack again (after `stopService`), on the same database and subjects. */
  startService(name: string): Promise<void>;
  /** Starts one more gateway of a distributed stack (e.g. a restarted one); it is added to `gateways`. */
  addGateway(): Promise<StackGateway>;
  close(): Promise<void>;
}

const translateEnv = (llmUrl: string | null) => ({
  OPENAI_API_KEY: llmUrl ? 'test-key' : undefined,
  OPENAI_BASE_URL: llmUrl ?? undefined,
  OPENAI_MODEL: 'gpt-4o',
});

export const accountsTestEnv: AccountsEnv = {
  SMTP_URL: undefined,
  MAIL_FROM: 'rooms@example.com',
  AUTH_CONFIRM_EMAIL: false,
  ADMIN_EMAILS: ['admin@example.com'],
  DATA_DIR: 'tmp/test-data',
  ANON_ROOM_TOKEN_BUDGET: 20_000,
  KEYCLOAK_URL: undefined,
  KEYCLOAK_REALM: undefined,
  KEYCLOAK_CLIENT_ID: undefined,
};

/**
 * The product's services for an integration test: in one app over the in-process transport (embedded), or
 * as separate apps over real NATS (distributed, optionally with several gateways), on a real PostgreSQL.
 */
export async function startStack(options: {
  mode: StackMode;
  databaseUrl: string;
  llmUrl: string | null;
  accounts?: Partial<AccountsEnv>;
  publicUrl?: string;
  gateways?: number;
  /** Open sockets per client address (WS_MAX_PER_ADDRESS); unlimited in practice when absent. */
  wsMaxPerAddress?: number;
  /** Proxies whose X-Forwarded-For the gateways believe (TRUST_PROXY); none when absent. */
  trustProxy?: TrustProxy;
  /** Rooms created per address and per user (ROOM_CREATE_BURST / _PER_MINUTE); unlimited in practice when absent. */
  roomCreateRate?: { burst: number; perMinute: number };
  /** Speech synthesis (TTS_PROVIDER and its settings); none when absent. */
  tts?: Partial<Record<keyof TtsEnv, string>>;
  /** Summaries one client address may ask for (SUMMARY_RATE_BURST / _PER_MINUTE); unlimited in practice when absent. */
  summaryRate?: { burst: number; perMinute: number };
}): Promise<Stack> {
  const apps: INestApplication[] = [];
  const byName = new Map<string, INestApplication>();
  // Each stack has its own subjects: stacks of parallel test runs on one NATS never answer each other.
  const prefix = `test-${crypto.randomUUID().slice(0, 8)}`;
  const bus = (name: string): BusOptions =>
    options.mode === 'embedded' ? { transport: 'in-process' } : { transport: 'nats', url: TEST_NATS_URL, name, prefix };
  const compose = (name: string, modules: (Type<unknown> | DynamicModule)[]) => {
    @Module({ imports: [BusModule.forRoot(bus(name)), DatabaseUrlModule.forRoot(options.databaseUrl), HealthModule, ...modules] })
    class TestModule {}
    return TestModule;
  };
  const a = { ...accountsTestEnv, ...options.accounts };
  const services: [string, Type<unknown> | DynamicModule][] = [
    ['accounts-svc', AccountsModule.forRoot(a)],
    ['rooms-svc', RoomsModule],
    ['translate-svc', TranslateModule.forRoot(translateEnv(options.llmUrl))],
    ['tts-svc', TtsModule.forRoot(ttsEnvSchema.parse(options.tts ?? {}))],
  ];
  const gateway = () =>
    GatewayModule.forRoot(
      gatewayConfigFrom({
        ...a,
        ALLOWED_ORIGINS: ['https://allowed.example'],
        PUBLIC_URL: options.publicUrl,
        AUTH_RATE_LIMIT_BURST: 10_000,
        AUTH_RATE_LIMIT_PER_MINUTE: 10_000,
        // Tests open many sockets from one address; the per-address cap has its own test.
        WS_MAX_PER_ADDRESS: options.wsMaxPerAddress ?? 100_000,
        TRUST_PROXY: options.trustProxy,
        // Tests create many rooms from one address; the room-creation limit has its own test.
        ROOM_CREATE_BURST: options.roomCreateRate?.burst ?? 100_000,
        ROOM_CREATE_PER_MINUTE: options.roomCreateRate?.perMinute ?? 100_000,
        // Tests ask for many summaries from one address; the summary limit has its own test.
        SUMMARY_RATE_BURST: options.summaryRate?.burst ?? 100_000,
        SUMMARY_RATE_PER_MINUTE: options.summaryRate?.perMinute ?? 100_000,
      }),
    );

  const startService = async (name: string) => {
    const module = services.find(([n]) => n === name)?.[1];
    if (!module || options.mode !== 'distributed') throw new Error(`no service ${name} runs on its own in this stack`);
    if (byName.has(name)) throw new Error(`${name} runs already`);
    const app = await NestFactory.create(compose(name, [module]), { logger: ['error'] });
    await connectBus(app);
    await app.init();
    apps.push(app);
    byName.set(name, app);
  };
  const gateways: StackGateway[] = [];
  const startGateway = async () => {
    const modules = options.mode === 'embedded' ? [...services.map(([, m]) => m), gateway()] : [gateway()];
    const app = await NestFactory.create<NestExpressApplication>(compose(`gateway-${gateways.length}`, modules), { logger: ['error'] });
    prepareGateway(app);
    await connectBus(app);
    await app.listen(0, '127.0.0.1');
    app.get(Readiness).markReady();
    apps.push(app);
    const address = app.getHttpServer().address() as { port: number };
    const started = { baseUrl: `http://127.0.0.1:${address.port}`, app };
    gateways.push(started);
    return started;
  };

  try {
    if (options.mode === 'distributed') {
      for (const [name] of services) await startService(name);
    }
    const count = options.mode === 'distributed' ? (options.gateways ?? 1) : 1;
    for (let i = 0; i < count; i++) await startGateway();
    return {
      baseUrl: gateways[0].baseUrl,
      gateways,
      bus: gateways[0].app.get(Bus),
      stopService: async (name) => {
        const app = byName.get(name);
        if (!app) throw new Error(`no service ${name} runs on its own in this stack`);
        byName.delete(name);
        apps.splice(apps.indexOf(app), 1);
        await app.close();
      },
      startService,
      addGateway: () => {
        if (options.mode !== 'distributed') throw new Error('an embedded stack has one gateway');
        return startGateway();
      },
      close: () => closeAll(apps),
    };
  } catch (error) {
    await closeAll(apps);
    throw error;
  }
}

async function closeAll(apps: INestApplication[]): Promise<void> {
  for (const app of apps.reverse()) await app.close();
}
