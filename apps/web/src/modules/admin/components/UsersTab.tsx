import type { AdminUser, PlanType, UserRole } from '@lt/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { errorText } from '../../../lib/error-text';
import { ErrorBanner } from '../../dashboard/components/ErrorBanner';
import { TableSkeleton } from '../../dashboard/components/TableSkeleton';
import { UsageBar } from '../../dashboard/components/UsageBar';
import { useAdminActions } from '../hooks/useAdminActions';

/** The admin panel is English in every locale, its numbers too. */
const number = new Intl.NumberFormat('en-US');

export function UsersTab({ users }: { users: UseQueryResult<AdminUser[]> }) {
  const t = useDashboardT();
  const { updateUser, resetTokens } = useAdminActions();
  const busyId = (updateUser.isPending && updateUser.variables?.userId) || (resetTokens.isPending && resetTokens.variables) || null;
  const actionError = updateUser.error ?? resetTokens.error;

  if (users.isPending) return <TableSkeleton label={t('admin.loading')} />;
  if (users.isError) return null;
  if (users.data.length === 0) return <p className="muted">{t('admin.usersEmpty')}</p>;
  return (
    <>
      {actionError && <ErrorBanner message={errorText(actionError, t)} />}
      <div className="card table-card">
        <table className="data-table" aria-label={t('admin.tab.users')}>
          <thead>
            <tr>
              <th scope="col">{t('admin.colName')}</th>
              <th scope="col">{t('admin.colEmail')}</th>
              <th scope="col">{t('admin.colPlan')}</th>
              <th scope="col">{t('admin.colUsage')}</th>
              <th scope="col">{t('admin.colRole')}</th>
              <th scope="col">{t('admin.colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((user) => {
              const busy = busyId === user.id;
              return (
                <tr key={user.id} data-testid="admin-user-row" data-email={user.email}>
                  <td data-label={t('admin.colName')}>{user.name?.trim() || <span className="muted">{t('admin.noName')}</span>}</td>
                  <td data-label={t('admin.colEmail')} className="cell-break">
                    {user.email}
                  </td>
                  <td data-label={t('admin.colPlan')}>
                    <span className={`badge badge-${user.plan_type === 'premium' ? 'info' : 'muted'}`} data-testid="admin-user-plan">
                      {t(user.plan_type === 'premium' ? 'admin.plan.premium' : 'admin.plan.free')}
                    </span>
                  </td>
                  <td data-label={t('admin.colUsage')} className="usage-cell">
                    <span className="cell-sub" data-testid="admin-user-usage">
                      {t('admin.usage', { used: number.format(user.tokens_used), quota: number.format(user.token_quota) })}
                    </span>
                    <UsageBar
                      used={user.tokens_used}
                      quota={user.token_quota}
                      label={t('admin.usageOf', { email: user.email })}
                      testId="admin-usage-bar"
                    />
                  </td>
                  <td data-label={t('admin.colRole')}>
                    <span className={`badge badge-${user.role === 'admin' ? 'warning' : 'muted'}`}>
                      {t(user.role === 'admin' ? 'admin.role.admin' : 'admin.role.user')}
                    </span>
                  </td>
                  <td data-label={t('admin.colActions')}>
                    <div className="row-actions row-actions-wrap">
                      <select
                        className="select select-sm"
                        value={user.plan_type}
                        disabled={busy}
                        aria-label={t('admin.planOf', { email: user.email })}
                        data-testid="admin-plan-select"
                        onChange={(e) => updateUser.mutate({ userId: user.id, body: { plan_type: e.target.value as PlanType } })}
                      >
                        <option value="free">{t('admin.plan.free')}</option>
                        <option value="premium">{t('admin.plan.premium')}</option>
                      </select>
                      <select
                        className="select select-sm"
                        value={user.role}
                        disabled={busy}
                        aria-label={t('admin.roleOf', { email: user.email })}
                        data-testid="admin-role-select"
                        onChange={(e) => updateUser.mutate({ userId: user.id, body: { role: e.target.value as UserRole } })}
                      >
                        <option value="user">{t('admin.role.user')}</option>
                        <option value="admin">{t('admin.role.admin')}</option>
                      </select>
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        disabled={busy}
                        aria-label={t('admin.resetLabel', { email: user.email })}
                        data-testid="admin-reset-tokens"
                        onClick={() => resetTokens.mutate(user.id)}
                      >
                        {t('admin.reset')}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
