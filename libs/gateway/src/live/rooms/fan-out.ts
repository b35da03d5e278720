import { currentContext, inSpan, isTraced, productMetrics, SpanKind, type Context, type Span } from '@lt/platform';

/** When and in which trace a room event reached this gateway: its fan-out is a span of that trace. */
export interface Arrival {
  ctx: Context;
  at: number;
}

export const arrival = (): Arrival => ({ ctx: currentContext(), at: performance.now() });

/**
 * Writes one frame to each target that `write` accepts (it answers whether it wrote) and counts the frames
 * written once for all of them, under the frame's type.
 */
export function writeCounted<T>(type: string, targets: Iterable<T>, write: (target: T) => boolean): number {
  let written = 0;
  for (const target of targets) if (write(target)) written += 1;
  productMetrics().framesOut.add(written, { type });
  return written;
}

/**
 * Writes one room event to this gateway's sockets: a span of the event's trace (when it has one), the frames
 * counted once for all sockets, and the delay from the event's arrival to the last socket written.
 */
export function fanOut<T>(
  kind: 'transcript' | 'translation',
  from: Arrival | undefined,
  attributes: Record<string, string | number>,
  targets: Iterable<T>,
  write: (target: T) => boolean,
): void {
  const run = (span?: Span) => {
    const written = writeCounted(kind, targets, write);
    span?.setAttribute('lt.sockets_written', written);
    if (from) productMetrics().fanOutDelay.record(performance.now() - from.at, { kind });
  };
  if (!from || !isTraced(from.ctx)) return run();
  inSpan(`fanout ${kind}`, { parent: from.ctx, kind: SpanKind.PRODUCER, attributes }, run);
}

/** Sockets written per turn of the event loop by a provisional fan-out. */
export const PROVISIONAL_SLICE = 500;

/**
 * Writes a provisional frame (a partial, an interim line) to many sockets a slice at a time, the event loop
 * turning between slices: a final translation that arrives meanwhile is written to every socket first, and
 * the rest of the provisional frame then skips the sockets that have it. Resolves once all were offered it.
 */
export function writeSliced<T>(
  type: string,
  targets: Iterable<T>,
  write: (target: T) => boolean,
  slice = PROVISIONAL_SLICE,
): Promise<void> {
  const list = [...targets];
  let next = 0;
  let written = 0;
  return new Promise((resolve) => {
    const step = () => {
      const end = Math.min(list.length, next + slice);
      for (; next < end; next++) if (write(list[next])) written += 1;
      if (next < list.length) return void setImmediate(step);
      productMetrics().framesOut.add(written, { type });
      resolve();
    };
    step();
  });
}
