import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../../i18n/useT';
import { showAuthMode, type AuthMode } from '../auth-mode';
import { useAuth } from '../hooks/useAuth';
import { LazyAuthModal } from './LazyAuthModal';
import { UserMenu } from './UserMenu';

/** Top right of the page: 'Login' and the authentication modal, or the signed-in user's menu. */
export function AuthMenu() {
  const t = useT();
  const { status } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [modalMode, setModalMode] = useState<AuthMode | null>(null);
  const requestedMode = showAuthMode(location.state);

  useEffect(() => {
    if (!requestedMode || status === 'loading') return;
    if (status === 'anonymous') setModalMode(requestedMode);
    // Consumed once, so a reload or going back does not open the modal again.
    navigate(location.pathname + location.search + location.hash, { replace: true, state: null });
  }, [requestedMode, status, navigate, location.pathname, location.search, location.hash]);

  // The modal outlives the switch to 'authenticated' so that its success handler can still close it and move on.
  return (
    <>
      {status === 'authenticated' && <UserMenu />}
      {status === 'anonymous' && (
        <button type="button" className="btn btn-primary" data-testid="login-button" onClick={() => setModalMode('login')}>
          {t('auth.login')}
        </button>
      )}
      {modalMode && (
        <LazyAuthModal
          key={modalMode}
          initialMode={modalMode}
          onClose={() => setModalMode(null)}
          onSignedIn={() => {
            setModalMode(null);
            // A host signing in keeps hosting: the room page claims the room for the new account.
            if (!location.pathname.startsWith('/room/')) navigate('/dashboard');
          }}
        />
      )}
    </>
  );
}
