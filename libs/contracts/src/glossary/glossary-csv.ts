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

const BOM = '\uFEFF';
const KEEP_VALUES: Record<string, boolean> = { yes: true, true: true, '1': true, no: false, false: false, '0': false, '': false };

/** One RFC 4180 field: quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvQuote(field: string): string {
  return /[",\r\n]/.test(field) || field !== field.trim() ? `"${field.replace(/"/g, '""')}"` : field;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A spreadsheet must not run a cell as a formula: text starting like one is kept as text (a leading `'`). */
export const asSpreadsheetText = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** The `'` a file of ours put before text that starts like a formula goes again on import. */
const fromSpreadsheetText = (value: string) => (value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value);

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
  return BOM + rows.map((r) => r.map(csvQuote).join(',')).join('\r\n') + '\r\n';
}

interface CsvRecord {
  line: number;
  fields: string[];
}

/** RFC 4180 records with the line each starts on; an unclosed quote is an error of that record's line. */
export function parseCsvRecords(text: string): { records: CsvRecord[]; error?: CsvError } {
  const records: CsvRecord[] = [];
  let line = 1;
  let start = 1;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  const src = text.startsWith(BOM) ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
        afterQuote = true;
      } else if (ch === '\r' || ch === '\n') {
        // A line break inside a field is kept as \n, whichever the spreadsheet wrote.
        if (ch === '\r' && src[i + 1] === '\n') i++;
        line++;
        field += '\n';
      } else {
        field += ch;
      }
    } else if (ch === '"' && field === '' && !afterQuote) {
      quoted = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      afterQuote = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      fields.push(field);
      records.push({ line: start, fields });
      fields = [];
      field = '';
      afterQuote = false;
      start = ++line;
    } else if (afterQuote) {
      return {
        records,
        error: csvError(start, 'textAfterQuote', 'Text after a closing quote: a quote inside a quoted field is written twice ("")'),
      };
    } else {
      field += ch;
    }
  }
  if (quoted) return { records, error: csvError(start, 'unclosedQuote', 'A quoted field is never closed') };
  if (field !== '' || fields.length) {
    fields.push(field);
    records.push({ line: start, fields });
  }
  return { records: records.filter((r) => r.fields.some((f) => f.trim() !== '')) };
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
  const { records, error } = parseCsvRecords(text);
  if (error) return { ok: false, errors: [error] };
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
