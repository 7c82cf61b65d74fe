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

/**
 * Saves rows as a CSV file: UTF-8 with a byte-order mark, so Excel in Portuguese reads the
 * accents right.
 */
export function downloadCsv(fileName: string, rows: readonly (readonly CsvCell[])[]): void {
  const blob = new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
