import { toCsv, type CsvCell } from '@common/csv';

export type { CsvCell };

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
