import { Outlet } from 'react-router-dom';
import { useT } from '../i18n/useT';
import { AuthMenu } from '../modules/auth/components/AuthMenu';
import { Brand } from './Brand';
import { LocaleSwitch } from './LocaleSwitch';

export function AppLayout() {
  const t = useT();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <nav className="topbar-inner" aria-label={t('nav.main')}>
          <Brand to="/" />
          <div className="topbar-end">
            <AuthMenu />
          </div>
        </nav>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="footer">
        <LocaleSwitch />
      </footer>
    </div>
  );
}
