/**
 * Runs `steps` with React rendering as in the browser: a non-blocking render (a transition, a route change) works
 * in slices, yielding to other tasks and promises between them, instead of being flushed at once as inside `act`.
 */
export async function withSlicedRendering(steps: () => Promise<void>): Promise<void> {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await steps();
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = true;
  }
}
