import { createElement, lazy, useState, type ComponentType } from 'react';

export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<ComponentType<P>> };

/**
 * A component loaded as a chunk of its own, like React.lazy, that can be fetched ahead of need (a button
 * hovered, a route about to open). Once loaded it renders at once, without suspending again.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (a deploy replaced the chunk, the network dropped) may be tried again.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  const Page = (props: P) => {
    // Each page keeps what it first rendered. React may finish the lazy wrapper of a page drawn before its chunk
    // came (a non-blocking render that waited for it); switching that page to the loaded component would be
    // another element type, which React mounts anew: a modal would lose its fields and its sign-in under way.
    const [component] = useState<ComponentType<P>>(() => loaded ?? Suspending);
    return createElement(component, props);
  };
  return Object.assign(Page, { preload });
}
