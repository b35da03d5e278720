import type { AnalyticsReport } from '@lt/contracts';
import { useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useAnalyticsT } from '../../../i18n/useAnalyticsT';
import { useLocale } from '../../../i18n/useLocale';
import type { AnalyticsKey } from '../../../i18n/analytics.es';
import { colorOf, delaySeries, languageLabel, tokenSeries, viewerSeries, type Series } from '../analytics-series';
import { lineStyle } from './line-style';
import { SeriesTable } from './SeriesTable';

const HEIGHT = 240;
const NUMBER = (locale: string) => new Intl.NumberFormat(locale);
const axis = { stroke: 'var(--text-muted)', fontSize: 12, tickLine: false } as const;

interface ChartBlockProps {
  id: string;
  title: string;
  series: Series;
  headerOf: (key: string) => string;
  format: (value: number | string | null) => string;
  timeHeader: string;
  children: ReactNode;
}

/** One chart with its table: the table is read by screen readers, and shown instead of the chart on request. */
function ChartBlock({ id, title, series, headerOf, format, timeHeader, children }: ChartBlockProps) {
  const t = useAnalyticsT();
  const [table, setTable] = useState(false);
  const headingId = `analytics-${id}-title`;
  return (
    <section className="card analytics-chart" aria-labelledby={headingId} data-testid={`analytics-chart-${id}`}>
      <header className="analytics-chart-header">
        <h2 id={headingId}>{title}</h2>
        {series.keys.length > 0 && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-pressed={table}
            onClick={() => setTable(!table)}
            data-testid={`analytics-toggle-${id}`}
          >
            {t(table ? 'analytics.showChart' : 'analytics.showTable')}
          </button>
        )}
      </header>
      {series.keys.length === 0 && (
        <p className="muted analytics-no-data" data-testid={`analytics-no-data-${id}`}>
          {t('analytics.chart.noData')}
        </p>
      )}
      {!table && series.keys.length > 0 && (
        <div className="analytics-plot" aria-hidden="true">
          <ResponsiveContainer width="100%" height={HEIGHT}>
            {children}
          </ResponsiveContainer>
        </div>
      )}
      {series.keys.length > 0 && (
        <SeriesTable
          caption={title}
          timeHeader={timeHeader}
          series={series}
          headerOf={headerOf}
          format={format}
          hidden={!table}
          testId={`analytics-table-${id}`}
        />
      )}
    </section>
  );
}

/**
 * The three charts of a report: viewers by language and caption delay as lines, each language on its own scale
 * (never stacked: one viewer is drawn at 1), told apart by colour, dash and marker; tokens by task as stacked bars.
 */
export default function AnalyticsCharts({ report }: { report: AnalyticsReport }) {
  const t = useAnalyticsT();
  const { locale } = useLocale();
  const number = NUMBER(locale);
  const viewers = viewerSeries(report, locale);
  const delays = delaySeries(report, locale);
  const tokens = tokenSeries(report, locale);
  const timeHeader = t(report.step === 'minute' ? 'analytics.col.time' : 'analytics.col.day');
  const count = (value: number | string | null) => (typeof value === 'number' ? number.format(value) : t('analytics.none'));
  const taskName = (task: string) => t(`analytics.task.${task}` as AnalyticsKey);
  const common = { data: viewers.rows, margin: { top: 8, right: 12, bottom: 0, left: 0 }, accessibilityLayer: false } as const;
  const xAxis = <XAxis dataKey="label" {...axis} minTickGap={24} />;
  const grid = <CartesianGrid stroke="var(--border)" vertical={false} />;
  const tooltip = <Tooltip contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 8 }} />;
  const legend = <Legend wrapperStyle={{ fontSize: 12 }} />;

  return (
    <div className="analytics-charts">
      <ChartBlock
        id="viewers"
        title={t('analytics.chart.viewers')}
        series={viewers}
        headerOf={languageLabel}
        format={count}
        timeHeader={timeHeader}
      >
        <LineChart {...common}>
          {grid}
          {xAxis}
          <YAxis {...axis} allowDecimals={false} width={36} />
          {tooltip}
          {legend}
          {viewers.keys.map((lang, i) => (
            <Line key={lang} dataKey={lang} name={languageLabel(lang)} {...lineStyle(i)} />
          ))}
        </LineChart>
      </ChartBlock>
      <ChartBlock
        id="delay"
        title={t('analytics.chart.delay')}
        series={delays}
        headerOf={languageLabel}
        format={(value) => (typeof value === 'number' ? t('analytics.ms', { value: number.format(value) }) : t('analytics.none'))}
        timeHeader={timeHeader}
      >
        <LineChart {...common} data={delays.rows}>
          {grid}
          {xAxis}
          <YAxis {...axis} width={48} />
          {tooltip}
          {legend}
          {delays.keys.map((lang, i) => (
            <Line key={lang} dataKey={lang} name={languageLabel(lang)} {...lineStyle(i)} connectNulls />
          ))}
        </LineChart>
      </ChartBlock>
      <ChartBlock
        id="tokens"
        title={t('analytics.chart.tokens')}
        series={tokens}
        headerOf={taskName}
        format={count}
        timeHeader={timeHeader}
      >
        <BarChart {...common} data={tokens.rows}>
          {grid}
          {xAxis}
          <YAxis {...axis} width={52} />
          {tooltip}
          {legend}
          {tokens.keys.map((task, i) => (
            <Bar key={task} dataKey={task} name={taskName(task)} stackId="tokens" fill={colorOf(i + 3)} isAnimationActive={false} />
          ))}
        </BarChart>
      </ChartBlock>
    </div>
  );
}
