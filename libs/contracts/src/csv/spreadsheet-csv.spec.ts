import { encodeCsv, parseCsv } from './spreadsheet-csv';

describe('spreadsheet CSV', () => {
  it('writes a BOM, CRLF after every row, and quotes what needs it (edge tabs too)', () => {
    expect(encodeCsv([['a', 'b c'], [], ['x,y', 'say "hi"', '\tindented', 'two\nlines']])).toBe(
      '\uFEFFa,b c\r\n\r\n"x,y","say ""hi""","\tindented","two\nlines"\r\n',
    );
  });

  it('reads CR line ends, a quote inside an unquoted field, and names the line each record starts on', () => {
    expect(parseCsv('a,b\r"one\r\ntwo",x"y\r\r,\rc').records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['one\ntwo', 'x"y'] },
      { line: 6, fields: ['c'] },
    ]);
  });

  it('stops at the first malformed record, with its line', () => {
    expect(parseCsv('a\n"b\nc"\n"d"e\n"f').error).toEqual({ line: 4, code: 'textAfterQuote' });
    expect(parseCsv('a\n"b').error).toEqual({ line: 2, code: 'unclosedQuote' });
  });
});
