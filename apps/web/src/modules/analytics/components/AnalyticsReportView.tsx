import type { AnalyticsCsvTable, AnalyticsReport } from '@lt/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Component, Suspense, type ReactNode } from 'react';
import { Icon } from '../../../components/Icon';
import { Spinner } from '../../../components/Spinner';
import { useAnalyticsT } from '../../../i18n/useAnalyticsT';
import { errorText } from '../../../lib/error-text';
import { lazyPage } from '../../../lib/lazy-page';
import '../../../styles/analytics.css';
import { useExportAnalytics } from '../hooks/useAnalytics';
import { AnalyticsCards } from './AnalyticsCards';

/** The charts library comes with the charts, in a chunk of its own, once there is something to draw. */
const AnalyticsCharts = lazyPage(() => import('./AnalyticsCharts').then((m) => m.default));

/** Each table of the report is a file of its own (the contracts' zod schema stays out of this chunk). */
const CSV_TABLES: readonly AnalyticsCsvTable[] = ['steps', 'totals'];

class ChartsBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A report (one room's or every room's): its figures as cards, its charts, and its CSV. */
export function AnalyticsReportView({
  report,
  roomId,
  hostKey = null,
}: {
  report: UseQueryResult<AnalyticsReport>;
  roomId: string | null;
  /** The host page's key, for a host without an account. */
  hostKey?: string | null;
}) {
  const t = useAnalyticsT();
  const exporter = useExportAnalytics(roomId, hostKey);
  if (report.isPending) return <Spinner label={t('analytics.loading')} />;
  if (report.isError)
    return (
      <div className="alert alert-error" role="alert" data-testid="analytics-error">
        <p>{t('analytics.loadFailed', { message: errorText(report.error, t) })}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void report.refetch()}>
          {t('analytics.retry')}
        </button>
      </div>
    );
  const data = report.data;
  return (
    <div className="analytics-report" data-testid="analytics-report">
      <div className="analytics-toolbar">
        <p className="muted">{t('analytics.updated')}</p>
        <div className="analytics-exports" role="group" aria-label={t('analytics.export')}>
          {CSV_TABLES.map((table) => (
            <button
              key={table}
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={exporter.isPending}
              onClick={() => exporter.mutate(table)}
              data-testid={`analytics-export-${table}`}
            >
              <Icon name="download" size={14} />
              {exporter.isPending && exporter.variables === table
                ? t('analytics.exporting')
                : t(
                    table === 'totals'
                      ? 'analytics.exportTotals'
                      : data.step === 'day'
                        ? 'analytics.exportDays'
                        : 'analytics.exportMinutes',
                  )}
            </button>
          ))}
        </div>
      </div>
      {exporter.isError && (
        <p className="alert alert-error" role="alert">
          {t('analytics.exportFailed', { message: errorText(exporter.error, t) })}
        </p>
      )}
      <AnalyticsCards totals={data.totals} ended={data.ended} />
      {data.points.length === 0 ? (
        <p className="card analytics-empty muted" data-testid="analytics-empty">
          {t('analytics.empty')}
        </p>
      ) : (
        <ChartsBoundary fallback={<p className="alert alert-error">{t('analytics.chart.loadFailed')}</p>}>
          <Suspense fallback={<Spinner label={t('analytics.chart.loading')} />}>
            <AnalyticsCharts report={data} />
          </Suspense>
        </ChartsBoundary>
      )}
    </div>
  );
}
