import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { defer, finalize, type Observable } from 'rxjs';

/**
 * The bus handlers of this process still running. A process that shuts down lets them finish (within a bound)
 * before its database closes: a handler cut off halfway leaves its work undone (a sweep of a deleted room, a
 * transaction rolled back) and fails with a closed connection.
 */
export class HandlersInFlight {
  private running = 0;
  private waiting: (() => void)[] = [];

  started(): void {
    this.running += 1;
  }

  ended(): void {
    this.running = Math.max(0, this.running - 1);
    if (this.running === 0) for (const resolve of this.waiting.splice(0)) resolve();
  }

  get count(): number {
    return this.running;
  }

  /** Settles once no handler runs, or after `timeoutMs`: true when they all ended. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.running === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref();
      this.waiting.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

/** How long a process shutting down waits for its bus handlers still running (a pod's grace period is longer). */
export const HANDLERS_DRAIN_MS = 5_000;

/** One count per process: what a process's handlers do, its shutdown waits for (one app per process in production). */
export const busHandlersInFlight = new HandlersInFlight();

/** Counts a bus handler as running from its start until it completes, fails or is cancelled. */
export class HandlerInFlightInterceptor implements NestInterceptor {
  constructor(private readonly handlers: HandlersInFlight = busHandlersInFlight) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return defer(() => {
      this.handlers.started();
      return next.handle().pipe(finalize(() => this.handlers.ended()));
    });
  }
}
