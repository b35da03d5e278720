import { writeHeapSnapshot } from 'node:v8';

/**
 * Preloaded (-r) into the product's gateway by the fan-out bench, never by the product itself: answers the
 * bench's question for the process's memory after a full collection (node --expose-gc), or writes a heap
 * snapshot where asked.
 */
process.on('message', (order: { id: number; cmd?: string; file?: string }) => {
  if (order?.cmd === 'snapshot') return process.send?.({ id: order.id, file: writeHeapSnapshot(order.file) });
  if (order?.cmd !== 'memory') return;
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  process.send?.({ id: order.id, rss, heapUsed, external });
});
