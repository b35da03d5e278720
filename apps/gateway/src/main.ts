import './instrument';
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { BusModule, HealthModule, commonEnvSchema, loadEnv, run, startProcess, useProcessLogger } from '@lt/platform';
import { GatewayModule, gatewayEnvSchema, prepareGateway } from '@lt/gateway';

/** Distributed mode: the gateway alone, talking to the services over NATS. */
run(async () => {
  const env = loadEnv(commonEnvSchema.extend(gatewayEnvSchema.shape));
  // Before the modules are composed: composing them may already log (no web app to serve).
  useProcessLogger('gateway', env.LOG_LEVEL);

  @Module({
    imports: [
      BusModule.forRoot({ transport: 'nats', url: env.NATS_URL, name: 'gateway', prefix: env.NATS_SUBJECT_PREFIX }),
      HealthModule,
      GatewayModule.forRoot(env),
    ],
  })
  class GatewayAppModule {}

  await startProcess<NestExpressApplication>({
    name: 'gateway',
    module: GatewayAppModule,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    prepare: (app) => prepareGateway(app),
  });
});
