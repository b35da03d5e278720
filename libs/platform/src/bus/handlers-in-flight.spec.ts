import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Subject, throwError } from 'rxjs';
import { HandlerInFlightInterceptor, HandlersInFlight } from './handlers-in-flight';

describe('HandlersInFlight', () => {
  it('settles once the last running handler ends', async () => {
    const handlers = new HandlersInFlight();
    expect(await handlers.idle(1_000)).toBe(true);
    handlers.started();
    handlers.started();
    let settled: boolean | undefined;
    const idle = handlers.idle(60_000).then((all) => (settled = all));
    handlers.ended();
    await Promise.resolve();
    expect(settled).toBeUndefined();
    handlers.ended();
    await idle;
    expect(settled).toBe(true);
    expect(handlers.count).toBe(0);
  });

  it('gives up after its bound when a handler does not end', async () => {
    jest.useFakeTimers();
    try {
      const handlers = new HandlersInFlight();
      handlers.started();
      const idle = handlers.idle(5_000);
      jest.advanceTimersByTime(5_000);
      expect(await idle).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('counts a handler from its start until it completes, fails or is cancelled', () => {
    const handlers = new HandlersInFlight();
    const interceptor = new HandlerInFlightInterceptor(handlers);
    const context = {} as ExecutionContext;
    const running = new Subject<unknown>();
    const handled = interceptor.intercept(context, { handle: () => running } as CallHandler);
    expect(handlers.count).toBe(0);
    handled.subscribe({ error: () => undefined });
    expect(handlers.count).toBe(1);
    running.complete();
    expect(handlers.count).toBe(0);

    interceptor
      .intercept(context, { handle: () => throwError(() => new Error('failed')) } as CallHandler)
      .subscribe({ error: () => undefined });
    expect(handlers.count).toBe(0);
    const cancelled = interceptor.intercept(context, { handle: () => new Subject<unknown>() } as CallHandler).subscribe();
    expect(handlers.count).toBe(1);
    cancelled.unsubscribe();
    expect(handlers.count).toBe(0);
  });
});
