import './instrument';
import 'reflect-metadata';
import { Logger, Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import { AccountsModule, accountsEnvSchema } from '@lt/accounts';
import {
  BusModule,
  DatabaseUrlModule,
  HealthModule,
  commonEnvSchema,
  loadEnv,
  port,
  run,
  startEmbeddedPostgres,
  startProcess,
  useProcessLogger,
} from '@lt/platform';
import { RoomsModule, roomsEnvSchema } from '@lt/rooms';
import { TranslateModule, translateEnvSchema } from '@lt/translate';
import { TtsModule, ttsEnvSchema } from '@lt/tts';
import { AsrModule, asrEnvSchema } from '@lt/asr';
import { GatewayModule, gatewayEnvSchema, prepareGateway } from '@lt/gateway';

const SERVICE = 'translation-rooms';

const envSchema = commonEnvSchema
  .extend(gatewayEnvSchema.shape)
  .extend(translateEnvSchema.shape)
  .extend(accountsEnvSchema.shape)
  .extend(ttsEnvSchema.shape)
  .extend(asrEnvSchema.shape)
  .extend(roomsEnvSchema.shape)
  .extend({ EMBEDDED_PG_PORT: port(54329) });

/** Embedded mode: the gateway and every service in one process, over the in-process transport. */
run(async () => {
  const env = loadEnv(envSchema);
  useProcessLogger(SERVICE, env.LOG_LEVEL);
  const database = env.DATABASE_URL ? null : await startEmbeddedPostgres(env.DATA_DIR, env.EMBEDDED_PG_PORT);
  const databaseUrl = env.DATABASE_URL ?? (database as { url: string }).url;

  @Module({
    imports: [
      BusModule.forRoot({ transport: 'in-process' }),
      DatabaseUrlModule.forRoot(databaseUrl),
      HealthModule,
      AccountsModule.forRoot(env),
      RoomsModule.forRoot(env),
      TranslateModule.forRoot(env),
      TtsModule.forRoot(env),
      AsrModule.forRoot(env),
      GatewayModule.forRoot(env),
    ],
    // The root module shuts down last: the embedded PostgreSQL stops after every pool on it has closed.
    providers: [{ provide: 'EMBEDDED_POSTGRES', useValue: { onApplicationShutdown: () => database?.stop() } }],
  })
  class EmbeddedModule {}

  const app = await startProcess<NestExpressApplication>({
    name: 'embedded',
    service: SERVICE,
    module: EmbeddedModule,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    prepare: (a) => prepareGateway(a),
  });
  const { port } = app.getHttpServer().address() as AddressInfo;
  new Logger('embedded').log(`Open http://localhost:${port}`);
});
