import { asSpreadsheetText, encodeCsv, fromSpreadsheetText, parseCsv, type CsvRecord, type CsvSyntaxError } from '../csv/spreadsheet-csv';
import { LANGUAGES, type LanguageCode } from '../languages';
import { glossaryIssues, type GlossaryDraftEntry, type GlossaryIssueCode } from './glossary.dto';

/**
 * A glossary as CSV, the form people keep glossaries in (spreadsheets). The format:
 * - UTF-8, with or without a byte-order mark (export writes one, so spreadsheets read accents right);
 * - RFC 4180: fields separated by commas, records by CRLF or LF; a field holding a comma, a quote or a line
 *   break is quoted, with quotes doubled inside;
 * - a header row naming the columns, in any order and any case: `term` (required), `keep`, one column per
 *   language code, `note`. Export writes `term,keep,<the languages used or shown, in the product's order>,note`;
 * - `keep`: yes/no, true/false, 1/0 (any case; empty is no). A kept term leaves its translations empty;
 * - a line break inside a quoted field is read as LF; blank lines are skipped. Errors name the line of the file where the record starts (the header is line 1).
 */

export type CsvErrorCode =
  | 'unknownColumn'
  | 'duplicateColumn'
  | 'noTermColumn'
  | 'empty'
  | 'unclosedQuote'
  | 'textAfterQuote'
  | 'fieldCount'
  | 'badKeep'
  | GlossaryIssueCode;

/** One error of a file: its line, a code with params for the web app's catalogs, and the English message. */
export interface CsvError {
  line: number;
  code: CsvErrorCode;
  params: Record<string, string | number>;
  message: string;
}

const csvError = (line: number, code: CsvErrorCode, message: string, params: CsvError['params'] = {}): CsvError => ({
  line,
  code,
  params,
  message,
});

export type GlossaryCsvResult = { ok: true; entries: GlossaryDraftEntry[] } | { ok: false; errors: CsvError[] };

const KEEP_VALUES: Record<string, boolean> = { yes: true, true: true, '1': true, no: false, false: false, '0': false, '': false };

const SYNTAX_MESSAGES: Record<CsvSyntaxError, string> = {
  unclosedQuote: 'A quoted field is never closed',
  textAfterQuote: 'Text after a closing quote: a quote inside a quoted field is written twice ("")',
};

/**
 * The glossary as a CSV file's text (with its BOM), a column per language a term is translated into or `shown`; a term,
 * translation or note that starts like a formula (`=`, `+`, `-`, `@`) is written as text.
 */
export function encodeGlossaryCsv(entries: readonly GlossaryDraftEntry[], shown: readonly LanguageCode[] = []): string {
  // The languages the terms are translated into (and those the editor shows), not a column per language known.
  const codes = LANGUAGES.map((l) => l.code).filter(
    (code) => shown.includes(code) || entries.some((e) => (e.translations[code] ?? '').trim() !== ''),
  );
  const rows = [['term', 'keep', ...codes, 'note']];
  for (const e of entries)
    rows.push(
      [e.term, e.keep ? 'yes' : 'no', ...codes.map((c) => e.translations[c] ?? ''), e.note ?? ''].map((cell, i) =>
        i === 1 ? cell : asSpreadsheetText(cell),
      ),
    );
  return encodeCsv(rows);
}

type Column = { kind: 'term' | 'keep' | 'note' } | { kind: 'lang'; code: LanguageCode };

function readHeader(record: CsvRecord): { columns: Column[] } | { error: CsvError } {
  const columns: Column[] = [];
  const seen = new Set<string>();
  for (const raw of record.fields) {
    const name = raw.trim();
    const lower = name.toLowerCase();
    const code = LANGUAGES.find((l) => l.code.toLowerCase() === lower)?.code;
    const column: Column | null =
      lower === 'term' || lower === 'keep' || lower === 'note' ? { kind: lower } : code ? { kind: 'lang', code } : null;
    if (!column) {
      const columns = LANGUAGES.map((l) => l.code).join(', ');
      const message = `Unknown column "${name}": the columns are term, keep, a language code (${columns}) and note`;
      return { error: csvError(record.line, 'unknownColumn', message, { name, columns }) };
    }
    const key = column.kind === 'lang' ? column.code : column.kind;
    if (seen.has(key)) return { error: csvError(record.line, 'duplicateColumn', `The column "${name}" appears twice`, { name }) };
    seen.add(key);
    columns.push(column);
  }
  if (!seen.has('term'))
    return { error: csvError(record.line, 'noTermColumn', 'The header needs a "term" column (term,keep,<language codes>,note)') };
  return { columns };
}

/** A CSV file's text as glossary entries, or every error found, each naming its line. */
export function decodeGlossaryCsv(text: string): GlossaryCsvResult {
  const { records, error } = parseCsv(text);
  if (error) return { ok: false, errors: [csvError(error.line, error.code, SYNTAX_MESSAGES[error.code])] };
  if (!records.length)
    return { ok: false, errors: [csvError(1, 'empty', 'The file is empty: it needs a header row (term,keep,<language codes>,note)')] };
  const header = readHeader(records[0]);
  if ('error' in header) return { ok: false, errors: [header.error] };
  const errors: CsvError[] = [];
  const entries: GlossaryDraftEntry[] = [];
  const lines: number[] = [];
  for (const record of records.slice(1)) {
    if (record.fields.length > header.columns.length) {
      const params = { count: record.fields.length, expected: header.columns.length };
      errors.push(
        csvError(
          record.line,
          'fieldCount',
          `${params.count} fields where the header has ${params.expected} (quote a field that holds a comma)`,
          params,
        ),
      );
      continue;
    }
    const entry: GlossaryDraftEntry = { term: '', keep: false, translations: {} };
    let valid = true;
    header.columns.forEach((column, i) => {
      const value = record.fields[i] ?? '';
      if (column.kind === 'term') entry.term = fromSpreadsheetText(value.trim());
      else if (column.kind === 'note') entry.note = fromSpreadsheetText(value.trim()) || undefined;
      else if (column.kind === 'lang') {
        if (value.trim()) entry.translations[column.code] = fromSpreadsheetText(value.trim());
      } else {
        const keep = KEEP_VALUES[value.trim().toLowerCase()];
        if (keep === undefined) {
          errors.push(csvError(record.line, 'badKeep', `keep: "${value}" is not yes, no, true, false, 1 or 0`, { value }));
          valid = false;
        } else entry.keep = keep;
      }
    });
    if (valid) {
      entries.push(entry);
      lines.push(record.line);
    }
  }
  for (const issue of glossaryIssues(entries)) {
    if (!issue.entry) {
      errors.push(csvError(1, issue.code, issue.message, issue.params));
      continue;
    }
    // A repeated term names the line of its first appearance, not its entry number.
    const first = issue.code === 'duplicate' ? lines[Number(issue.params.first) - 1] : undefined;
    const message = `${issue.field}: ${issue.message}`.replace(/entry \d+$/, `line ${first}`);
    errors.push(
      csvError(lines[issue.entry - 1], issue.code, message, { ...issue.params, field: issue.field, ...(first ? { first } : {}) }),
    );
  }
  if (errors.length) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  return { ok: true, entries };
}
