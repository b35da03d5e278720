import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router-dom';
import { Icon } from '../../../components/Icon';
import { useDashboardT } from '../../../i18n/useDashboardT';
import { displayName } from '../../auth/display-name';
import { useAuth } from '../../auth/hooks/useAuth';

/** The header greeting, which opens 'Mi Cuenta' and 'Cerrar Sesión' (arrow keys, Escape, typeahead). */
export function AccountMenu() {
  const t = useDashboardT();
  const navigate = useNavigate();
  const { user, profile, client } = useAuth();
  const name = displayName(profile, user) ?? t('auth.defaultName');

  const signOut = async () => {
    await client.signOut();
    navigate('/', { replace: true });
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="btn btn-ghost user-menu-button" data-testid="dashboard-greeting-button">
          <span className="avatar" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
          <span className="greeting" data-testid="dashboard-greeting">
            {t('dashboard.greeting', { name })}
          </span>
          <Icon name="chevronDown" size={16} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="dropdown menu-content" align="end" sideOffset={6}>
          <DropdownMenu.Item className="dropdown-item" data-testid="dashboard-account" onSelect={() => navigate('/dashboard/account')}>
            <Icon name="user" size={16} />
            {t('dashboard.account')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="dropdown-item" data-testid="dashboard-signout" onSelect={() => void signOut()}>
            <Icon name="logout" size={16} />
            {t('dashboard.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
