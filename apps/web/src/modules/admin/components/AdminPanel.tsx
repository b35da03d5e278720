import * as Tabs from '@radix-ui/react-tabs';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import { useAuth } from '../../auth/hooks/useAuth';
import { ErrorBanner } from '../../dashboard/components/ErrorBanner';
import { useAdminData } from '../hooks/useAdminData';
import { RoomsTab } from './RoomsTab';
import { StatsTab } from './StatsTab';
import { UsersTab } from './UsersTab';

export function AdminPanel() {
  const t = useDashboardT();
  const { profile } = useAuth();
  const isAdmin = profile?.role === 'admin';
  const data = useAdminData(isAdmin);

  if (!isAdmin) {
    return (
      <section className="card center access-denied" data-testid="admin-denied" lang="en">
        <h1>{t('admin.denied.title')}</h1>
        <p className="muted">{t('admin.denied.body')}</p>
      </section>
    );
  }

  const error = data.users.error ?? data.rooms.error;
  return (
    <div className="admin-page" lang="en">
      <header className="page-header">
        <h1>{t('admin.title')}</h1>
        <p className="muted">{t('admin.subtitle')}</p>
      </header>
      {error && <ErrorBanner message={errorText(error, t)} />}
      <Tabs.Root defaultValue="users" className="tabs">
        <Tabs.List className="tab-list" aria-label={t('admin.tabs')}>
          <Tabs.Trigger value="users" className="tab" data-testid="admin-tab-users">
            {t('admin.tab.users')}
          </Tabs.Trigger>
          <Tabs.Trigger value="rooms" className="tab" data-testid="admin-tab-rooms">
            {t('admin.tab.rooms')}
          </Tabs.Trigger>
          <Tabs.Trigger value="stats" className="tab" data-testid="admin-tab-stats">
            {t('admin.tab.stats')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users" className="tab-panel">
          <UsersTab users={data.users} />
        </Tabs.Content>
        <Tabs.Content value="rooms" className="tab-panel">
          <RoomsTab rooms={data.rooms} />
        </Tabs.Content>
        <Tabs.Content value="stats" className="tab-panel">
          <StatsTab stats={data.stats} users={data.users.data} rooms={data.rooms.data} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
