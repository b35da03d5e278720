import { INestApplication, Module, Type, DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AccountsModule } from '@lt/accounts';
import { GatewayModule, gatewayConfigFrom, prepareGateway } from '@lt/gateway';
import { Bus, BusModule, DatabaseUrlModule, HealthModule, Readiness, type AccountsEnv, type BusOptions } from '@lt/platform';
import { RoomsModule } from '@lt/rooms';
import { TranslateModule } from '@lt/translate';
import { TEST_NATS_URL } from './nats';

export type StackMode = 'embedded' | 'distributed';

export interface Stack {
  baseUrl: string;
  /** The gateway's bus: lets a test publish what a service would. */
  bus: Bus;
  close(): Promise<void>;
}

const translateEnv = (llmUrl: string | null) => ({
  OPENAI_API_KEY: llmUrl ? 'test-key' : undefined,
  OPENAI_BASE_URL: llmUrl ?? undefined,
  OPENAI_MODEL: 'gpt-4o',
});

/**
 * The product's services for an integration test: in one app over the in-process bus (embedded), or as
 * separate apps over real NATS (distributed), on a real PostgreSQL.
 */
export const accountsTestEnv: AccountsEnv = {
  SMTP_URL: undefined,
  MAIL_FROM: 'rooms@example.com',
  AUTH_CONFIRM_EMAIL: false,
  ADMIN_EMAILS: ['admin@example.com'],
  DATA_DIR: 'tmp/test-data',
  KEYCLOAK_URL: undefined,
  KEYCLOAK_REALM: undefined,
  KEYCLOAK_CLIENT_ID: undefined,
};

export async function startStack(options: {
  mode: StackMode;
  databaseUrl: string;
  llmUrl: string | null;
  accounts?: Partial<AccountsEnv>;
  publicUrl?: string;
}): Promise<Stack> {
  const apps: INestApplication[] = [];
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
  const accounts = AccountsModule.forRoot(a);
  const services = [accounts, RoomsModule, TranslateModule.forRoot(translateEnv(options.llmUrl))];
  const gateway = GatewayModule.forRoot(
    gatewayConfigFrom({
      ...a,
      ALLOWED_ORIGINS: ['https://allowed.example'],
      PUBLIC_URL: options.publicUrl,
      AUTH_RATE_LIMIT_BURST: 10_000,
      AUTH_RATE_LIMIT_PER_MINUTE: 10_000,
    }),
  );

  if (options.mode === 'distributed') {
    for (const [name, module] of [['accounts-svc', services[0]], ['rooms-svc', services[1]], ['translate-svc', services[2]]] as const) {
      const app = await NestFactory.create(compose(name, [module]), { logger: ['error'] });
      await app.init();
      apps.push(app);
    }
  }
  const gatewayModules = options.mode === 'embedded' ? [...services, gateway] : [gateway];
  const app = await NestFactory.create<NestExpressApplication>(compose('gateway', gatewayModules), { logger: ['error'] });
  prepareGateway(app, null);
  await app.listen(0, '127.0.0.1');
  app.get(Readiness).markReady();
  apps.push(app);
  const address = app.getHttpServer().address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    bus: app.get(Bus),
    close: async () => {
      for (const a of apps.reverse()) await a.close();
    },
  };
}
