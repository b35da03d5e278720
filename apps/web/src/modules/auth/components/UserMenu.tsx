import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/Icon';
import { useT } from '../../../i18n/useT';
import { usePopover } from '../../../lib/usePopover';
import { displayName } from '../display-name';
import { useAuth } from '../hooks/useAuth';

/** The signed-in visitor's name with a small disclosure menu: Dashboard and Sign Out. */
export function UserMenu() {
  const t = useT();
  const { user, profile, client } = useAuth();
  const { open, toggle, close, rootRef, buttonRef } = usePopover();
  const menuId = useId();
  const name = displayName(profile, user) ?? t('auth.defaultName');

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost user-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        data-testid="user-menu"
        onClick={toggle}
      >
        <span className="avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="user-menu-name">{name}</span>
        <Icon name="chevronDown" size={16} />
      </button>
      {open && (
        <ul id={menuId} className="dropdown">
          <li>
            <Link to="/dashboard" className="dropdown-item" data-testid="menu-dashboard" onClick={close}>
              <Icon name="grid" size={16} />
              {t('auth.menu.dashboard')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="dropdown-item"
              data-testid="menu-signout"
              onClick={() => {
                close();
                void client.signOut();
              }}
            >
              <Icon name="logout" size={16} />
              {t('auth.menu.signOut')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
