import { NavLink } from 'react-router-dom';
import { Icon, type IconName } from '../../../components/Icon';
import { LocaleSwitch } from '../../../components/LocaleSwitch';
import type { DashboardKey } from '../../../i18n/dashboard.es';
import { useDashboardT } from '../../../i18n/useDashboardT';

interface Entry {
  to: string;
  icon: IconName;
  label: DashboardKey;
  end?: boolean;
}

const ENTRIES: Entry[] = [
  { to: '/dashboard', icon: 'home', label: 'dashboard.nav.home', end: true },
  { to: '/dashboard/create', icon: 'plus', label: 'dashboard.nav.create' },
  { to: '/dashboard/scheduled', icon: 'calendar', label: 'dashboard.nav.scheduled' },
  { to: '/dashboard/active', icon: 'activity', label: 'dashboard.nav.active' },
  { to: '/dashboard/history', icon: 'history', label: 'dashboard.nav.history' },
  { to: '/dashboard/account', icon: 'user', label: 'dashboard.nav.account' },
];

const ADMIN: Entry = { to: '/dashboard/admin', icon: 'shield', label: 'dashboard.nav.admin' };

/** Features still to come: shown in the sidebar, disabled, with a 'Próximamente' tag. */
const COMING_SOON: { icon: IconName; label: DashboardKey }[] = [
  { icon: 'file', label: 'dashboard.nav.documents' },
  { icon: 'film', label: 'dashboard.nav.media' },
];

export function Sidebar({ isAdmin }: { isAdmin: boolean }) {
  const t = useDashboardT();
  const entries = isAdmin ? [...ENTRIES, ADMIN] : ENTRIES;
  return (
    <nav className="sidebar" aria-label={t('dashboard.nav')}>
      <ul>
        {entries.map((entry) => (
          <li key={entry.to}>
            <NavLink end={entry.end} to={entry.to} className="sidebar-link" data-testid={`nav-${entry.to.split('/')[2] ?? 'home'}`}>
              <Icon name={entry.icon} size={18} />
              <span>{t(entry.label)}</span>
            </NavLink>
          </li>
        ))}
        {COMING_SOON.map((item) => (
          <li key={item.label} className="sidebar-soon">
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
  );
}
