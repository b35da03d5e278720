import { Suspense, type ComponentProps } from 'react';
import { lazyPage } from '../../../lib/lazy-page';
import type { AuthModal as AuthModalType } from './AuthModal';

/** The authentication modal as a chunk of its own, fetched when someone first opens it. */
export const AuthModal = lazyPage(() => import('./AuthModal').then((module) => module.AuthModal));

export function LazyAuthModal(props: ComponentProps<typeof AuthModalType>) {
  return (
    <Suspense fallback={null}>
      <AuthModal {...props} />
    </Suspense>
  );
}
