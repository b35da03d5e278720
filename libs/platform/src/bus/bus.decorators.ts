import { SetMetadata } from '@nestjs/common';

export const BUS_HANDLER = 'lt:bus-handler';

export type BusHandlerMetadata = { kind: 'request'; subject: string } | { kind: 'event'; subject: string; queue?: string };

/** Serves a request subject: the method's return value is the reply. */
export const OnRequest = (subject: string) => SetMetadata<string, BusHandlerMetadata>(BUS_HANDLER, { kind: 'request', subject });

/** Listens to an event subject; with `queue`, replicas of the same service share the events. */
export const OnEvent = (subject: string, options?: { queue?: string }) =>
  SetMetadata<string, BusHandlerMetadata>(BUS_HANDLER, { kind: 'event', subject, queue: options?.queue });
