import {
  glossaryIssues,
  sanitiseFileName,
  LANGUAGES,
  type CsvError,
  type GlossaryDraftEntry,
  type GlossaryEntry,
  type GlossaryIssue,
  type LanguageCode,
} from '@lt/contracts';
import type { GlossaryTranslate } from '../../i18n/useGlossaryT';

/** An entry as the editor holds it: with an id of its own, so React keeps each row's inputs and focus. */
export interface GlossaryRow extends GlossaryDraftEntry {
  id: string;
}

let nextId = 0;
const newId = () => `g${++nextId}`;

export const emptyRow = (): GlossaryRow => ({ id: newId(), term: '', keep: false, translations: {}, note: '' });

export const rowsOf = (entries: readonly GlossaryDraftEntry[]): GlossaryRow[] =>
  entries.map((e) => ({ ...e, note: e.note ?? '', id: newId() }));

/**
 * An imported file merged into the rows: a term already there (whatever its case) takes the file's version in
 * its row, a new one is added at the end.
 */
export function mergeRows(rows: readonly GlossaryRow[], imported: readonly GlossaryDraftEntry[]): GlossaryRow[] {
  const key = (term: string) => term.trim().toLocaleLowerCase();
  const incoming = new Map(imported.map((e) => [key(e.term), e]));
  const merged = rows.map((row) => {
    const entry = incoming.get(key(row.term));
    if (!entry) return row;
    incoming.delete(key(row.term));
    return { ...row, ...entry, note: entry.note ?? '' };
  });
  return [...merged, ...rowsOf([...incoming.values()])];
}

/** The entries to check and save: a kept term's translations (still in its row, should keep be unticked) are left out. */
export const entriesOf = (rows: readonly GlossaryRow[]): GlossaryDraftEntry[] =>
  rows.map(({ term, keep, translations, note }) => ({ term, keep, translations: keep ? {} : translations, note }));

/**
 * The languages whose columns the editor shows first: those the glossary uses and those the room's viewers read
 * (`demand`), else the first two.
 */
export function usedLanguages(entries: readonly GlossaryDraftEntry[], demand: readonly LanguageCode[] = []): LanguageCode[] {
  const shown = LANGUAGES.filter((l) => demand.includes(l.code) || entries.some((e) => (e.translations[l.code] ?? '').trim() !== '')).map(
    (l) => l.code,
  );
  return shown.length ? shown : LANGUAGES.slice(0, 2).map((l) => l.code);
}

/** The issues of each row by its id (rows without any are absent). */
export function issuesByRow(rows: readonly GlossaryRow[]): { byRow: Map<string, GlossaryIssue[]>; all: GlossaryIssue[] } {
  const all = glossaryIssues(entriesOf(rows));
  const byRow = new Map<string, GlossaryIssue[]>();
  for (const issue of all) {
    const row = rows[issue.entry - 1];
    if (row) byRow.set(row.id, [...(byRow.get(row.id) ?? []), issue]);
  }
  return { byRow, all };
}

function fieldName(field: string, t: GlossaryTranslate): string {
  const language = LANGUAGES.find((l) => l.code === field);
  if (language) return language.name;
  return t(`glossary.field.${field as 'term' | 'keep' | 'note' | 'entries' | 'translations'}`);
}

/** An issue in the reader's language, without the entry (shown next to the field). */
export function issueText(issue: GlossaryIssue, t: GlossaryTranslate): string {
  return t(`glossary.issue.${issue.code}`, issue.params);
}

/** An issue with its entry and field, for the list above the editor. */
export function issueSummary(issue: GlossaryIssue, t: GlossaryTranslate): string {
  const message = issueText(issue, t);
  return issue.entry ? t('glossary.atEntry', { n: issue.entry, field: fieldName(issue.field, t), message }) : message;
}

const CSV_ONLY = [
  'unknownColumn',
  'duplicateColumn',
  'noTermColumn',
  'empty',
  'unclosedQuote',
  'textAfterQuote',
  'fieldCount',
  'badKeep',
  'duplicate',
] as const;
type CsvOnlyCode = (typeof CSV_ONLY)[number];
const isCsvOnly = (code: string): code is CsvOnlyCode => (CSV_ONLY as readonly string[]).includes(code);

/** A CSV error with its line, in the reader's language. */
export function csvErrorText(error: CsvError, t: GlossaryTranslate): string {
  const { code, params } = error;
  const base = isCsvOnly(code) ? t(`glossary.csv.${code}`, params) : t(`glossary.issue.${code}`, params);
  const field = typeof params.field === 'string' && code !== 'duplicate' ? params.field : null;
  const message = field ? t('glossary.csv.field', { field: fieldName(field, t), message: base }) : base;
  return t('glossary.line', { line: error.line, message });
}

/** `glosario-<room name>` (English: `glossary-…`) in lower-case ASCII letters and digits, as transcript files are named. */
export const exportNameOf = (roomName: string, t: (key: 'export.glossaryName', params: { name: string }) => string) =>
  t('export.glossaryName', { name: sanitiseFileName(roomName) });

/** Saves a text file from the browser. */
export function downloadText(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export type { GlossaryEntry };
