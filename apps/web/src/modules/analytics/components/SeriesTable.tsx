import type { Series } from '../analytics-series';

interface SeriesTableProps {
  caption: string;
  timeHeader: string;
  series: Series;
  /** The column header of a series key (a language or a task). */
  headerOf: (key: string) => string;
  format: (value: number | string | null) => string;
  hidden: boolean;
  testId: string;
}

/** A chart's data as a table: what a screen reader reads (always), and what anyone sees with "Show as table". */
export function SeriesTable({ caption, timeHeader, series, headerOf, format, hidden, testId }: SeriesTableProps) {
  return (
    <div className={hidden ? 'visually-hidden' : 'analytics-table-wrap'} data-testid={testId}>
      <table className="data-table analytics-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{timeHeader}</th>
            {series.keys.map((key) => (
              <th scope="col" key={key}>
                {headerOf(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.rows.map((row) => (
            <tr key={row.at}>
              <th scope="row" data-label={timeHeader}>
                {row.label}
              </th>
              {series.keys.map((key) => (
                <td key={key} data-label={headerOf(key)}>
                  {format(row[key] ?? null)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
