import Papa from 'papaparse';

/**
 * CSV as spreadsheets read and write it (RFC 4180), on papaparse: UTF-8 with a byte-order mark (so that
 * spreadsheets read accents right), CRLF, a field holding a comma, a quote, a line break or edge spaces quoted
 * with its quotes doubled; text that starts like a formula kept as text.
 */

export const BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A spreadsheet must not run a cell as a formula: text starting like one is kept as text (a leading `'`). */
export const asSpreadsheetText = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** The `'` a file of ours put before text that starts like a formula goes again on import. */
export const fromSpreadsheetText = (value: string) =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;

/** Whether a field is quoted: beyond what papaparse quotes, a field with any edge whitespace (a tab). */
const quoted = (field: unknown) => typeof field === 'string' && field !== field.trim();

/** Rows as a CSV file's text, with its BOM and a line end after every row (an empty row is a blank line). */
export function encodeCsv(rows: readonly (readonly string[])[]): string {
  return BOM + Papa.unparse(rows as string[][], { newline: '\r\n', quotes: quoted }) + '\r\n';
}

/** One record of a file and the line of the file it starts on (1: the first). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export type CsvSyntaxError = 'unclosedQuote' | 'textAfterQuote';

const LINE_BREAK = /\r\n|\r|\n/g;
const linesIn = (text: string) => text.match(LINE_BREAK)?.length ?? 0;

/**
 * A file's records, each with the line it starts on (the lines inside quoted fields counted), its BOM
 * dropped, a line break inside a field read as LF, and blank records (nothing but spaces and commas) left
 * out. The first malformed record stops the reading: its line and what is wrong.
 */
export function parseCsv(text: string): { records: CsvRecord[]; error?: { line: number; code: CsvSyntaxError } } {
  const src = text.startsWith(BOM) ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let error: { line: number; code: CsvSyntaxError } | undefined;
  let line = 1;
  let read = 0;
  Papa.parse<string[]>(src, {
    delimiter: ',',
    step: (row, parser) => {
      const problem = row.errors[0];
      if (problem) {
        error = { line, code: problem.code === 'MissingQuotes' ? 'unclosedQuote' : 'textAfterQuote' };
        return parser.abort();
      }
      const fields = row.data.map((field) => field.replace(LINE_BREAK, '\n'));
      if (fields.some((field) => field.trim() !== '')) records.push({ line, fields });
      line += linesIn(src.slice(read, row.meta.cursor));
      read = row.meta.cursor;
    },
  });
  return { records, error };
}
