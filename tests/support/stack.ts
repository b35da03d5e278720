import { INestApplication, Module, Type, DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AccountsModule, type AccountsEnv } from '@lt/accounts';
import { GatewayModule, gatewayEnvSchema, prepareGateway, type GatewayEnv } from '@lt/gateway';
import { Bus, BusModule, DatabaseUrlModule, HealthModule, Readiness, connectBus, type BusOptions } from '@lt/platform';
import { RoomsModule, roomsEnvSchema, type RoomsEnv } from '@lt/rooms';
import { TranslateModule, translateEnvSchema } from '@lt/translate';
import { TtsModule, ttsEnvSchema, type TtsEnv } from '@lt/tts';
import { AsrModule, asrEnvSchema, type AsrEnv } from '@lt/asr';
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
  /**
   * A service of a distributed stack dies without running its shutdown hooks (as under SIGKILL): from now on
   * it sends nothing on the bus. Its app is closed only with the stack, after the test has looked.
   */
  abandonService(name: string): INestApplication;
  /** The stack's NATS subject prefix (NATS_SUBJECT_PREFIX of a process joining it from outside). */
  prefix: string;
  /** The app of a service running on its own (distributed), if it runs. */
  service(name: string): INestApplication | undefined;
  /** Starts a service of a distributed stack again (after `stopService`), on the same database and subjects. */
  startService(name: string): Promise<INestApplication>;
  /** Starts one more gateway of a distributed stack (e.g. a restarted one); it is added to `gateways`. */
  addGateway(): Promise<StackGateway>;
  close(): Promise<void>;
}

const translateEnv = (llmUrl: string | null, extra: Record<string, string> = {}) =>
  translateEnvSchema.parse({
    OPENAI_API_KEY: llmUrl ? 'test-key' : undefined,
    OPENAI_BASE_URL: llmUrl ?? undefined,
    OPENAI_MODEL: 'gpt-4o',
    ...extra,
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

const UNLIMITED = '100000';
/** Tests sign in, create rooms, open sockets and ask for summaries, audio and transcripts by the hundred from one address. */
const LIFTED_LIMITS: Partial<Record<keyof GatewayEnv, string>> = {
  AUTH_RATE_LIMIT_BURST: UNLIMITED,
  AUTH_RATE_LIMIT_PER_MINUTE: UNLIMITED,
  ROOM_CREATE_BURST: UNLIMITED,
  ROOM_CREATE_PER_MINUTE: UNLIMITED,
  SUMMARY_CLIENT_BURST: UNLIMITED,
  SUMMARY_CLIENT_PER_MINUTE: UNLIMITED,
  AUDIO_CLIENT_BURST: UNLIMITED,
  AUDIO_CLIENT_PER_MINUTE: UNLIMITED,
  TRANSCRIPT_CLIENT_BURST: UNLIMITED,
  TRANSCRIPT_CLIENT_PER_MINUTE: UNLIMITED,
  QUESTION_CLIENT_PER_MINUTE: UNLIMITED,
  QUESTION_ADDRESS_PER_MINUTE: UNLIMITED,
  VOTE_CLIENT_PER_MINUTE: UNLIMITED,
  VOTE_ADDRESS_PER_MINUTE: UNLIMITED,
};

export interface StackOptions {
  mode: StackMode;
  databaseUrl: string;
  llmUrl: string | null;
  accounts?: Partial<AccountsEnv>;
  publicUrl?: string;
  gateways?: number;
  /**
   * The gateway's limits as a deployment has them by default. Otherwise every limit of calls and sockets is
   * lifted (tests make many from one address), and the tests of a limit set the one they check.
   */
  defaultLimits?: boolean;
  /** Open sockets per client address (WS_MAX_PER_ADDRESS); unlimited in practice when absent. */
  wsMaxPerAddress?: number;
  /** Proxies whose X-Forwarded-For the gateways believe (TRUST_PROXY); none when absent. */
  trustProxy?: string;
  /** Rooms created per address and per user (ROOM_CREATE_BURST / _PER_MINUTE); unlimited in practice when absent. */
  roomCreateRate?: { burst: number; perMinute: number };
  /** Speech synthesis (TTS_PROVIDER and its settings); none when absent. */
  tts?: Partial<Record<keyof TtsEnv, string>>;
  /** Speech recognition (ASR_PROVIDER and its settings); none when absent. */
  asr?: Partial<Record<keyof AsrEnv, string>>;
  /** Replicas of asr-svc started in distributed mode (1 by default, 0: none); `asr-svc-2` can also be started later. */
  asrReplicas?: number;
  /**
   * Controllers answering bus requests in rooms-svc's process (the embedded app in embedded mode): a test's
   * stand-in for a handler another service will serve.
   */
  responders?: Type<unknown>[];
  /** More settings of translate-svc (e.g. TRANSLATION_DEADLINE_MS, FALLBACK_TRANSLATOR), as environment strings. */
  translate?: Record<string, string>;
  /** Settings of rooms-svc (e.g. RETENTION_JOB_INTERVAL_MS), as environment strings. */
  rooms?: Partial<Record<keyof RoomsEnv, string>>;
  /** Further gateway variables (e.g. SUMMARY_CLIENT_BURST), over the rest. */
  gatewayEnv?: Partial<Record<keyof GatewayEnv, string>>;
}

/**
 * The product's services for an integration test: in one app over the in-process transport (embedded), or
 * as separate apps over real NATS (distributed, optionally with several gateways), on a real PostgreSQL.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
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
  @Module({ controllers: options.responders ?? [] })
  class RespondersModule {}
  const services: [string, Type<unknown> | DynamicModule][] = [
    ['accounts-svc', AccountsModule.forRoot(a)],
    ['rooms-svc', { module: RespondersModule, imports: [RoomsModule.forRoot(roomsEnvSchema.parse(options.rooms ?? {}))] }],
    ['translate-svc', TranslateModule.forRoot(translateEnv(options.llmUrl, options.translate))],
    ['tts-svc', TtsModule.forRoot(ttsEnvSchema.parse(options.tts ?? {}))],
    ['asr-svc', AsrModule.forRoot(asrEnvSchema.parse(options.asr ?? {}))],
  ];
  // Further replicas, started on demand (distributed only): a second holder for a stream's lease, a second translator.
  const replicas: [string, Type<unknown> | DynamicModule][] = [
    ['asr-svc-2', AsrModule.forRoot(asrEnvSchema.parse(options.asr ?? {}))],
    ['translate-svc-2', TranslateModule.forRoot(translateEnv(options.llmUrl, options.translate))],
  ];
  const gateway = () =>
    GatewayModule.forRoot(
      gatewayEnvSchema.parse({
        KEYCLOAK_URL: a.KEYCLOAK_URL,
        KEYCLOAK_REALM: a.KEYCLOAK_REALM,
        KEYCLOAK_CLIENT_ID: a.KEYCLOAK_CLIENT_ID,
        ALLOWED_ORIGINS: 'https://allowed.example',
        WEB_DIST: '',
        PUBLIC_URL: options.publicUrl,
        TRUST_PROXY: options.trustProxy,
        ...(options.defaultLimits ? {} : LIFTED_LIMITS),
        ...(options.wsMaxPerAddress && { WS_MAX_PER_ADDRESS: String(options.wsMaxPerAddress) }),
        ...(options.roomCreateRate && {
          ROOM_CREATE_BURST: String(options.roomCreateRate.burst),
          ROOM_CREATE_PER_MINUTE: String(options.roomCreateRate.perMinute),
        }),
        ...options.gatewayEnv,
      }),
    );

  const startService = async (name: string) => {
    const module = [...services, ...replicas].find(([n]) => n === name)?.[1];
    if (!module || options.mode !== 'distributed') throw new Error(`no service ${name} runs on its own in this stack`);
    if (byName.has(name)) throw new Error(`${name} runs already`);
    const app = await NestFactory.create(compose(name, [module]), { logger: ['error'] });
    await connectBus(app);
    await app.init();
    apps.push(app);
    byName.set(name, app);
    return app;
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
      // asrReplicas 0: asr-svc runs elsewhere (a benchmark's own process).
      for (const [name] of services) if (name !== 'asr-svc' || options.asrReplicas !== 0) await startService(name);
      if ((options.asrReplicas ?? 1) > 1) await startService('asr-svc-2');
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
      abandonService: (name) => {
        const app = byName.get(name);
        if (!app) throw new Error(`no service ${name} runs on its own in this stack`);
        byName.delete(name);
        app.get(Bus).close();
        return app;
      },
      startService,
      service: (name) => byName.get(name),
      prefix,
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
