import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { Brand } from '../../../components/Brand';
import { Icon, type IconName } from '../../../components/Icon';
import { LocaleSwitch } from '../../../components/LocaleSwitch';
import type { MessageKey } from '../../../i18n/es';
import { useT } from '../../../i18n/useT';
import { displayName } from '../../auth/display-name';
import { useAuth } from '../../auth/hooks/useAuth';

/** Spec §2: shown in the sidebar, disabled, with a 'Próximamente' tag. */
const COMING_SOON: { icon: IconName; label: MessageKey }[] = [
  { icon: 'file', label: 'dashboard.nav.documents' },
  { icon: 'film', label: 'dashboard.nav.media' },
];

export function DashboardLayout() {
  const t = useT();
  const navigate = useNavigate();
  const { user, profile, client } = useAuth();
  const name = displayName(profile, user) ?? t('auth.defaultName');

  const signOut = async () => {
    await client.signOut();
    navigate('/', { replace: true });
  };

  return (
    <div className="app dashboard">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <Brand to="/dashboard" />
          <div className="topbar-end">
            <p className="greeting" data-testid="dashboard-greeting">
              {t('dashboard.greeting', { name })}
            </p>
            <nav className="account-menu" aria-label={t('dashboard.account')}>
              <Link to="/dashboard/account" className="btn btn-ghost" data-testid="dashboard-account">
                <Icon name="user" size={18} />
                <span className="hide-narrow">{t('dashboard.account')}</span>
              </Link>
              <button type="button" className="btn btn-secondary" data-testid="dashboard-signout" onClick={() => void signOut()}>
                <Icon name="logout" size={18} />
                <span className="hide-narrow">{t('dashboard.signOut')}</span>
              </button>
            </nav>
          </div>
        </div>
      </header>
      <div className="dashboard-body">
        <nav className="sidebar" aria-label={t('dashboard.nav')}>
          <ul>
            <li>
              <NavLink end to="/dashboard" className="sidebar-link">
                <Icon name="home" size={18} />
                {t('dashboard.nav.home')}
              </NavLink>
            </li>
            {COMING_SOON.map((item) => (
              <li key={item.label}>
                <span className="sidebar-link is-disabled" aria-disabled="true">
                  <Icon name={item.icon} size={18} />
                  <span className="sidebar-label">
                    {t(item.label)}
                    <span className="tag">{t('dashboard.soon')}</span>
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <div className="sidebar-footer">
            <LocaleSwitch />
          </div>
        </nav>
        <main id="main" className="dashboard-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
