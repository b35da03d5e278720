/**
 * Preloaded (-r) into the product's gateway by the fan-out bench, never by the product itself: answers the
 * bench's question for the process's resident memory after a full collection (node --expose-gc).
 */
process.on('message', (order: { id: number; cmd?: string }) => {
  if (order?.cmd !== 'memory') return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.({ id: order.id, rss: process.memoryUsage().rss });
});
