import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Bus, Unsubscribe } from './bus';
import { BUS_HANDLER, BusHandlerMetadata } from './bus.decorators';

/** Finds the @OnRequest / @OnEvent methods of every controller and binds them to the bus. */
@Injectable()
export class BusExplorer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BusExplorer');
  private readonly bindings: Unsubscribe[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly bus: Bus,
  ) {}

  onApplicationBootstrap(): void {
    for (const wrapper of [...this.discovery.getControllers(), ...this.discovery.getProviders()]) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance);
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const method = instance[name] as (payload: unknown) => unknown;
        const meta = this.reflector.get<BusHandlerMetadata | undefined>(BUS_HANDLER, method);
        if (!meta) continue;
        const bound = method.bind(instance) as (payload: unknown) => Promise<unknown>;
        this.bindings.push(
          meta.kind === 'request'
            ? this.bus.serve(meta.subject, bound)
            : this.bus.subscribe(meta.subject, bound as (payload: unknown) => Promise<void>, { queue: meta.queue }),
        );
        this.logger.debug(`${meta.kind} ${meta.subject} -> ${prototype.constructor.name}.${name}`);
      }
    }
  }

  onApplicationShutdown(): void {
    for (const unbind of this.bindings.splice(0)) unbind();
  }
}
