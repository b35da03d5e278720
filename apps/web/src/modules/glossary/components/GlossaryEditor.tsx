import {
  decodeGlossaryCsv,
  encodeGlossaryCsv,
  GLOSSARY_LIMITS,
  LANGUAGES,
  type GlossaryDraftEntry,
  type LanguageCode,
} from '@lt/contracts';
import { ChoiceDialog } from '../../../components/ChoiceDialog';
import { useCallback, useId, useMemo, useRef, useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';
import { useGlossaryT } from '../../../i18n/useGlossaryT';
import {
  csvErrorText,
  downloadText,
  emptyRow,
  entriesOf,
  issuesByRow,
  issueSummary,
  mergeRows,
  rowsOf,
  usedLanguages,
  type GlossaryRow,
} from '../glossary-draft';
import { GlossaryEntryRow } from './GlossaryEntryRow';

const NO_ISSUES: never[] = [];

interface GlossaryEditorProps {
  rows: GlossaryRow[];
  onRowsChange: Dispatch<SetStateAction<GlossaryRow[]>>;
  /** After a save was tried: every problem shows, not only those of terms the user has left. */
  showAllIssues: boolean;
  disabled?: boolean;
  /** The exported file's name, without extension. */
  exportName: string;
  /** The languages the room's viewers read: their columns show unless the user picks others. */
  demand?: readonly LanguageCode[];
}

/**
 * The glossary's terms, edited in place: add, change, remove, import a CSV file (replacing them) and export
 * them as one. Problems are checked as the user types, with the same rules the server applies.
 */
export function GlossaryEditor({ rows, onRowsChange, showAllIssues, disabled = false, exportName, demand }: GlossaryEditorProps) {
  const t = useGlossaryT();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // The columns follow the glossary as opened and the viewers' languages (which may arrive later) until picked.
  const [opened] = useState(rows);
  const [picked, setLanguages] = useState<LanguageCode[] | null>(null);
  const demanded = (demand ?? []).join(',');
  const languages = useMemo(
    () => picked ?? usedLanguages(opened, demanded ? (demanded.split(',') as LanguageCode[]) : []),
    [picked, opened, demanded],
  );
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const [importResult, setImportResult] = useState<{ ok: boolean; lines: string[]; title: string } | null>(null);
  const [pendingImport, setPendingImport] = useState<{ entries: GlossaryDraftEntry[]; file: string } | null>(null);
  const { byRow, all } = useMemo(() => issuesByRow(rows), [rows]);
  const visible = showAllIssues ? all : all.filter((i) => i.entry === 0 || left.has(rows[i.entry - 1]?.id));

  const focusTerm = (rowId: string | undefined) =>
    requestAnimationFrame(() =>
      (rowId ? document.getElementById(`glossary-${rowId}-term`) : document.getElementById(`${id}-add`))?.focus(),
    );

  // Any edit makes what the last import said stale.
  const change = useCallback(
    (rowId: string, patch: Partial<GlossaryRow>) => {
      setImportResult(null);
      setAnnouncement('');
      onRowsChange((prev) => prev.map((r) => (r.id === rowId ? { ...r, ...patch } : r)));
    },
    [onRowsChange],
  );
  const leave = useCallback((rowId: string) => setLeft((prev) => (prev.has(rowId) ? prev : new Set(prev).add(rowId))), []);
  const remove = useCallback(
    (rowId: string) =>
      onRowsChange((prev) => {
        const index = prev.findIndex((r) => r.id === rowId);
        focusTerm(prev[index + 1]?.id ?? prev[index - 1]?.id);
        setAnnouncement(t('glossary.removed'));
        setImportResult(null);
        return prev.filter((r) => r.id !== rowId);
      }),
    [onRowsChange, t],
  );

  const add = () => {
    const row = emptyRow();
    onRowsChange((prev) => [...prev, row]);
    setImportResult(null);
    setAnnouncement(t('glossary.added', { n: rows.length + 1 }));
    focusTerm(row.id);
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = decodeGlossaryCsv(await file.text());
    if (!result.ok) {
      setImportResult({
        ok: false,
        title: t('glossary.importFailed', { file: file.name }),
        lines: result.errors.map((e) => csvErrorText(e, t)),
      });
      return;
    }
    if (rows.length) setPendingImport({ entries: result.entries, file: file.name });
    else take(result.entries, file.name, 'replace');
  };

  const take = (entries: GlossaryDraftEntry[], file: string, how: 'replace' | 'merge') => {
    setPendingImport(null);
    const next = how === 'replace' ? rowsOf(entries) : mergeRows(rows, entries);
    onRowsChange(next);
    setLanguages(usedLanguages(entriesOf(next), demand));
    setImportResult({ ok: true, title: t('glossary.imported', { count: entries.length, file }), lines: [] });
  };

  const exportFile = () => downloadText(encodeGlossaryCsv(entriesOf(rows), languages), `${exportName}.csv`, 'text/csv;charset=utf-8');

  const toggleLanguage = (code: LanguageCode, on: boolean) =>
    setLanguages(LANGUAGES.map((l) => l.code).filter((c) => (c === code ? on : languages.includes(c))));

  const full = rows.length >= GLOSSARY_LIMITS.maxEntries;
  return (
    <div className="glossary-editor" data-testid="glossary-editor">
      <div className="glossary-toolbar">
        <p className={full ? 'glossary-count glossary-count-full' : 'glossary-count'} data-testid="glossary-count">
          {t('glossary.count', { count: rows.length, max: GLOSSARY_LIMITS.maxEntries })}
        </p>
        <div className="glossary-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => fileInput.current?.click()}
            disabled={disabled}
            data-testid="glossary-import"
          >
            {t('glossary.import')}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={importFile}
            data-testid="glossary-file"
          />
          <button
            type="button"
            className="btn btn-secondary"
            onClick={exportFile}
            disabled={rows.length === 0}
            data-testid="glossary-export"
          >
            {t('glossary.export')}
          </button>
        </div>
      </div>
      <p className="field-hint">{t('glossary.csvHint')}</p>
      <details className="glossary-languages">
        <summary>
          {t('glossary.languages')}: <span data-testid="glossary-shown-languages">{languages.join(', ')}</span>
        </summary>
        <fieldset className="glossary-language-list">
          <legend className="visually-hidden">{t('glossary.languages')}</legend>
          {LANGUAGES.map((l) => (
            <label key={l.code} className="glossary-check">
              <input
                type="checkbox"
                checked={languages.includes(l.code)}
                onChange={(e) => toggleLanguage(l.code, e.target.checked)}
                data-testid={`glossary-language-${l.code}`}
              />
              <span>
                {l.name} <span className="muted">({l.code})</span>
              </span>
            </label>
          ))}
        </fieldset>
      </details>
      {importResult && (
        <div
          className={importResult.ok ? 'alert alert-info' : 'alert alert-error'}
          role={importResult.ok ? 'status' : 'alert'}
          data-testid="glossary-import-result"
        >
          <p>{importResult.title}</p>
          {importResult.lines.length > 0 && (
            <ul className="glossary-problems">
              {importResult.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {visible.length > 0 && (
        <div className="alert alert-error" role="alert" data-testid="glossary-problems">
          <p>{t('glossary.problems', { count: visible.length })}</p>
          <ul className="glossary-problems">
            {visible.slice(0, 10).map((issue) => (
              <li key={`${issue.entry}-${issue.field}-${issue.code}`}>{issueSummary(issue, t)}</li>
            ))}
          </ul>
        </div>
      )}
      {rows.length === 0 ? (
        <p className="glossary-empty muted" data-testid="glossary-empty">
          {t('glossary.empty')}
        </p>
      ) : (
        <ol ref={listRef} className="glossary-list">
          {rows.map((row, index) => (
            <GlossaryEntryRow
              key={row.id}
              row={row}
              index={index}
              languages={languages}
              issues={showAllIssues || left.has(row.id) ? (byRow.get(row.id) ?? NO_ISSUES) : NO_ISSUES}
              disabled={disabled}
              t={t}
              onChange={change}
              onRemove={remove}
              onLeave={leave}
            />
          ))}
        </ol>
      )}
      <button
        id={`${id}-add`}
        type="button"
        className="btn btn-secondary glossary-add"
        onClick={add}
        disabled={disabled || full}
        data-testid="glossary-add"
      >
        {t('glossary.add')}
      </button>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {pendingImport && (
        <ChoiceDialog
          title={t('glossary.importTitle', { file: pendingImport.file })}
          description={t('glossary.importConfirm', { current: rows.length, count: pendingImport.entries.length })}
          cancelLabel={t('glossary.importCancel')}
          choices={[
            {
              label: t('glossary.importReplace'),
              onChoose: () => take(pendingImport.entries, pendingImport.file, 'replace'),
              testId: 'glossary-import-replace',
            },
            {
              label: t('glossary.importMerge'),
              onChoose: () => take(pendingImport.entries, pendingImport.file, 'merge'),
              tone: 'primary',
              testId: 'glossary-import-merge',
            },
          ]}
          onCancel={() => setPendingImport(null)}
          testId="glossary-import-dialog"
        />
      )}
    </div>
  );
}
