import 'reflect-metadata';
import { Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { z } from 'zod';
import { AccountsModule } from '@lt/accounts';
import {
  BusModule,
  DatabaseUrlModule,
  HealthModule,
  commonEnvSchema,
  gatewayEnvSchema,
  loadEnv,
  port,
  run,
  startEmbeddedPostgres,
  startProcess,
  translateEnvSchema,
} from '@lt/platform';
import { RoomsModule } from '@lt/rooms';
import { TranslateModule } from '@lt/translate';
import { TtsModule } from '@lt/tts';
import { GatewayModule, prepareGateway } from '@lt/gateway';

const envSchema = commonEnvSchema
  .extend(gatewayEnvSchema.shape)
  .extend(translateEnvSchema.shape)
  .extend({ EMBEDDED_PG_PORT: port(54329) });

/** Embedded mode: the gateway and every service in one process, over the in-process bus. */
run(async () => {
  const env = loadEnv(envSchema);
  const database = env.DATABASE_URL ? null : await startEmbeddedPostgres(env.DATA_DIR, env.EMBEDDED_PG_PORT);
  const databaseUrl = env.DATABASE_URL ?? (database as { url: string }).url;

  @Module({
    imports: [
      BusModule.forRoot({ transport: 'in-process' }),
      DatabaseUrlModule.forRoot(databaseUrl),
      HealthModule,
      AccountsModule,
      RoomsModule,
      TranslateModule.forRoot(env),
      TtsModule,
      GatewayModule.forRoot({ allowedOrigins: env.ALLOWED_ORIGINS, publicUrl: env.PUBLIC_URL }),
    ],
  })
  class EmbeddedModule {}

  const app = await startProcess<NestExpressApplication>({
    name: 'embedded',
    module: EmbeddedModule,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    prepare: (a) => prepareGateway(a, env.WEB_DIST),
  });
  if (database) {
    const stop = () => void database.stop();
    app.getHttpServer().on('close', stop);
  }
});

export type EmbeddedEnv = z.infer<typeof envSchema>;
