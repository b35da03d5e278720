import {
  BeforeApplicationShutdown,
  DynamicModule,
  Global,
  INestApplication,
  Inject,
  Injectable,
  Module,
  OnApplicationShutdown,
} from '@nestjs/common';
import type { CustomTransportStrategy } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';
import { Bus, BUS_CLIENT } from './bus-client';
import { busHandlersInFlight, HANDLERS_DRAIN_MS } from './handlers-in-flight';
import { InProcessBroker, InProcessClient, InProcessServer } from './in-process.transport';
import { natsConnectionOptions, PrefixedNatsClient, PrefixedNatsServer } from './nats.transport';

export type BusOptions = { transport: 'in-process' } | { transport: 'nats'; url: string; name: string; prefix?: string };

/** The transport's server side: what `@MessagePattern` / `@EventPattern` handlers of this process listen on. */
export const BUS_SERVER = Symbol('BUS_SERVER');

@Injectable()
class BusClientCloser implements BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(
    @Inject(BUS_CLIENT) private readonly client: { close(): unknown },
    private readonly bus: Bus,
  ) {}

  /** Before the database and the bus close: the handlers still running finish their work. */
  async beforeApplicationShutdown(): Promise<void> {
    await busHandlersInFlight.idle(HANDLERS_DRAIN_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    this.bus.close();
    await this.client.close();
  }
}

/**
 * Settles once this process's bus handlers listen (connectBus). A question the process asks at start whose
 * answers come back as events (e.g. presence) waits for it: asked before, its answers could come to nobody.
 */
@Injectable()
export class BusListening {
  private settle!: () => void;
  readonly ready = new Promise<void>((resolve) => (this.settle = resolve));

  markListening(): void {
    this.settle();
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
      providers: [...transport, Bus, BusClientCloser, BusListening],
      exports: [Bus, BUS_SERVER, BusListening],
    };
  }
}

/** Binds every bus handler of the application to the transport and starts listening. */
export async function connectBus(app: INestApplication): Promise<void> {
  const server = app.get<CustomTransportStrategy>(BUS_SERVER);
  app.connectMicroservice({ strategy: server });
  await app.startAllMicroservices();
  // NATS has the subscriptions once the server has read them: then an answer cannot overtake them.
  if (server instanceof PrefixedNatsServer) await server.unwrap<NatsConnection>().flush();
  app.get(BusListening).markListening();
}
