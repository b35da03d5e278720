import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Bus } from './bus';
import { BusExplorer } from './bus.explorer';
import { InProcessBus } from './in-process.bus';
import { NatsBus } from './nats.bus';

export type BusOptions = { transport: 'in-process' } | { transport: 'nats'; url: string; name: string; prefix?: string };

@Injectable()
class BusCloser implements OnApplicationShutdown {
  constructor(@Inject(Bus) private readonly bus: Bus) {}
  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }
}

/** Provides the one Bus of a process and binds the decorated handlers of every module to it. */
@Global()
@Module({})
export class BusModule {
  static forRoot(options: BusOptions): DynamicModule {
    return {
      module: BusModule,
      imports: [DiscoveryModule],
      providers: [
        {
          provide: Bus,
          useFactory: async () =>
            options.transport === 'nats' ? NatsBus.connect(options.url, options.name, options.prefix) : new InProcessBus(),
        },
        BusExplorer,
        BusCloser,
      ],
      exports: [Bus],
    };
  }
}
