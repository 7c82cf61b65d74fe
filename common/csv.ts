/**
 * CSV text, one rule for both sides: the reports' charts export it in the browser, the contacts'
 * export is written by the server (GET /api/contacts/export.csv).
 */

/** A CSV cell: text, a number or nothing. */
export type CsvCell = string | number | null | undefined;

/**
 * One cell as RFC 4180 text. A cell a spreadsheet would run as a formula (it starts with = + - @,
 * or a tab or carriage return before one) gets a leading apostrophe, so an exported customer
 * question cannot become a formula in the owner's spreadsheet; numbers stay numbers.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text, lines ended by CRLF (what spreadsheets expect). */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
