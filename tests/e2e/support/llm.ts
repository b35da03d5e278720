import { test } from '@playwright/test';
import { E2E } from '../ports.mjs';

/**
 * The fake language model of the stack the running test talks to: each project (embedded, distributed) has its
 * own, so that the two run side by side without one's `__reset`, `__delay` or `__calls` touching the other's.
 */
export function llmUrl(): string {
  const port = test.info().project.name === 'distributed' ? E2E.distributedLlmPort : E2E.llmPort;
  return `http://127.0.0.1:${port}`;
}
