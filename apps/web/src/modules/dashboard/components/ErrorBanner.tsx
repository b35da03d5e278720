import { Icon } from '../../../components/Icon';

/** Data errors show their message in a red banner. */
export function ErrorBanner({ message, onRetry, retryLabel }: { message: string; onRetry?: () => void; retryLabel?: string }) {
  return (
    <div className="alert alert-error error-banner" role="alert" data-testid="error-banner">
      <Icon name="alert" size={18} />
      <span>{message}</span>
      {onRetry && retryLabel && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}
