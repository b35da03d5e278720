import { usagePercent } from '../usage';

export function UsageBar({
  used,
  quota,
  label,
  testId = 'token-usage-bar',
}: {
  used: number;
  quota: number;
  label: string;
  testId?: string;
}) {
  const percent = usagePercent(used, quota);
  const tone = percent >= 90 ? 'danger' : percent >= 70 ? 'warning' : 'ok';
  return (
    <div
      className={`usage-bar usage-${tone}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      data-testid={testId}
    >
      <span className="usage-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
