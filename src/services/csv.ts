/** One CSV field: quoted when it holds a comma, quote or line break; quotes doubled inside. */
export function csvField(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export type CsvColumn<T> = { header: string; value: (row: T) => unknown };

/** RFC 4180 text: a header line, then a line per row, CRLF line ends. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
