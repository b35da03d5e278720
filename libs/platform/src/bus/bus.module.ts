import { DynamicModule, Global, INestApplication, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import type { CustomTransportStrategy } from '@nestjs/microservices';
import { Bus, BUS_CLIENT } from './bus-client';
import { InProcessBroker, InProcessClient, InProcessServer } from './in-process.transport';
import { natsConnectionOptions, PrefixedNatsClient, PrefixedNatsServer } from './nats.transport';

export type BusOptions = { transport: 'in-process' } | { transport: 'nats'; url: string; name: string; prefix?: string };

/** The transport's server side: what `@MessagePattern` / `@EventPattern` handlers of this process listen on. */
export const BUS_SERVER = Symbol('BUS_SERVER');

@Injectable()
class BusClientCloser implements OnApplicationShutdown {
  constructor(
    @Inject(BUS_CLIENT) private readonly client: { close(): unknown },
    private readonly bus: Bus,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    this.bus.close();
    await this.client.close();
  }
}

/**
 * The one bus of a process: Nest's NATS transport in distributed mode, an in-process transport in embedded
 * mode; the same handlers serve both. Call `connectBus(app)` before `listen`/`init`.
 */
@Global()
@Module({})
export class BusModule {
  static forRoot(options: BusOptions): DynamicModule {
    const transport =
      options.transport === 'nats'
        ? [
            {
              provide: BUS_SERVER,
              useFactory: () => new PrefixedNatsServer(natsConnectionOptions(options.url, `${options.name}-server`), options.prefix ?? ''),
            },
            {
              provide: BUS_CLIENT,
              useFactory: async () => {
                const client = new PrefixedNatsClient(natsConnectionOptions(options.url, options.name), options.prefix ?? '');
                await client.connect();
                return client;
              },
            },
          ]
        : [
            { provide: InProcessBroker, useValue: new InProcessBroker() },
            { provide: BUS_SERVER, inject: [InProcessBroker], useFactory: (broker: InProcessBroker) => new InProcessServer(broker) },
            { provide: BUS_CLIENT, inject: [InProcessBroker], useFactory: (broker: InProcessBroker) => new InProcessClient(broker) },
          ];
    return {
      module: BusModule,
      providers: [...transport, Bus, BusClientCloser],
      exports: [Bus, BUS_SERVER],
    };
  }
}

/** Binds every bus handler of the application to the transport and starts listening. */
export async function connectBus(app: INestApplication): Promise<void> {
  app.connectMicroservice({ strategy: app.get<CustomTransportStrategy>(BUS_SERVER) });
  await app.startAllMicroservices();
}
