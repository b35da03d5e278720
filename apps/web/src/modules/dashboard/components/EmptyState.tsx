import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../components/Icon';

export function EmptyState({
  icon,
  title,
  body,
  action,
  testId,
}: {
  icon: IconName;
  title: string;
  body: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="card empty-state" data-testid={testId}>
      <span className="empty-icon" aria-hidden="true">
        <Icon name={icon} size={28} />
      </span>
      <h2>{title}</h2>
      <p className="muted">{body}</p>
      {action}
    </div>
  );
}
