/**
 * The one CSV rule of every export, in the browser (the overdue list) and on the server (survey
 * results): RFC 4180 fields, and text that a spreadsheet would run as a formula made inert.
 * docs/adr/0043-one-csv-rule.md says why.
 */

/** A cell starting with one of these slips past a check for a formula (the spreadsheet drops them first). */
const HIDDEN_START = /^[\t\r]/;
/** The characters a spreadsheet starts a formula with; their fullwidth and other forms fold to them (NFKC). */
const FORMULA_SIGNS = new Set(['=', '+', '-', '@']);

/**
 * Text a spreadsheet would run as a formula: it starts with a tab or a carriage return, or its
 * first character after leading white space (spaces, tabs, line breaks, the ideographic space)
 * is `=`, `+`, `-` or `@` in any form, such as the fullwidth `＝ ＋ － ＠` an East Asian keyboard types.
 */
function runsAsFormula(text: string): boolean {
  if (HIDDEN_START.test(text)) return true;
  const first = text.trimStart().codePointAt(0);
  return first !== undefined && FORMULA_SIGNS.has(String.fromCodePoint(first).normalize('NFKC').charAt(0));
}

/**
 * Whether the rule puts a quote in front: a formula, or text that would read back as one once the
 * reader took a quote off (`'=1` typed as such), so that every cell reads back as written.
 */
const needsQuote = (text: string): boolean => runsAsFormula(text.replace(/^'+/, ''));

/**
 * One CSV field. Text a spreadsheet would run as a formula (see `runsAsFormula`: `=`, `+`, `-`, `@`
 * in any form after leading white space, or a leading tab or carriage return) gets a single quote in
 * front, so the spreadsheet shows it as text; a field holding a comma, a quote or a line
 * break is quoted, quotes doubled. A finite number is written as it is: the program computed it,
 * no user typed it, and a negative amount stays a number.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = neutraliseFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Text a spreadsheet would run as a formula, with a single quote in front (the rule's first half; quoting is the writer's). */
export function neutraliseFormula(text: string): string {
  return needsQuote(text) ? `'${text}` : text;
}

export type CsvColumn<T> = { header: string; value: (row: T) => unknown };

/** A header line, then a line per row; CRLF line ends, the last line ended too. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Reads CSV written by the rule above or by a spreadsheet (RFC 4180: quoted fields, doubled
 * quotes, CRLF or LF, a leading byte-order mark). Answers the records, each a list of fields;
 * blank lines are skipped. A field that `csvCell` made inert (a leading `'` before a formula
 * character) reads back as written by the user.
 */
export function parseCsv(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = 0;
  const endField = () => {
    record.push(field.startsWith("'") && needsQuote(field.slice(1)) ? field.slice(1) : field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };
  while (i < src.length) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      endRecord();
      if (c === '\r' && src[i + 1] === '\n') i++;
    } else field += c;
    i++;
  }
  if (field !== '' || record.length) endRecord();
  return records;
}
