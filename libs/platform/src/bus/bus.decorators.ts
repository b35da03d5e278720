import { applyDecorators, UseFilters, UseInterceptors, UsePipes } from '@nestjs/common';
import { EventPattern, MessagePattern } from '@nestjs/microservices';
import type { EventRoute, RequestRoute, RoomEventRoute } from '@lt/contracts';
import { BusEventExceptionFilter, BusRequestExceptionFilter } from './bus-exception.filter';
import { BusPayloadPipe } from './bus-payload.pipe';
import { BusTracingInterceptor } from './bus-tracing.interceptor';
import { HandlerInFlightInterceptor } from './handlers-in-flight';

/** Queue group of the service that owns a subject: its first segment ("rooms.room.get" -> "rooms"). */
export function ownerOf(subject: string): string {
  return subject.split('.', 1)[0];
}

/**
 * Serves a request route. Replicas of the owning service share the requests (queue group); the payload
 * (the handler's `@Payload()`) is validated against the route's schema first, and errors travel back as codes.
 */
export const OnRequest = (route: RequestRoute) =>
  applyDecorators(
    MessagePattern(route.subject, { queue: ownerOf(route.subject) }),
    // Counted as running (a shutdown lets it finish), then traced.
    UseInterceptors(new HandlerInFlightInterceptor(), new BusTracingInterceptor(route.subject, 'request')),
    UsePipes(new BusPayloadPipe(route.request, route.subject)),
    UseFilters(BusRequestExceptionFilter),
  );

/**
 * Handles an event route, or a room event in every room. With `queue`, the replicas of a service share the
 * events (work); without, every process gets each one (broadcast).
 */
export const OnEvent = (route: EventRoute | RoomEventRoute, options?: { queue?: string }) => {
  const subject = route.kind === 'event' ? route.subject : route.pattern;
  return applyDecorators(
    EventPattern(subject, options?.queue ? { queue: options.queue } : {}),
    UseInterceptors(new HandlerInFlightInterceptor(), new BusTracingInterceptor(subject, 'event')),
    UsePipes(new BusPayloadPipe(route.payload, subject)),
    UseFilters(BusEventExceptionFilter),
  );
};
