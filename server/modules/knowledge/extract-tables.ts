import type ExcelJS from 'exceljs';
import { ExtractionError } from './extraction-error';
import type { Segment } from './extract';

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toLocaleDateString('pt-BR', { timeZone: 'UTC' });
  if (typeof value === 'object') {
    if ('result' in value && value.result !== undefined) return cellText(value.result);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value).trim()
    : '';
}

/**
 * Rows become "column: value" lines, so a row reads on its own in a passage. The header repeats on
 * every row, so the text can be far longer than the file: past `maxChars` it stops.
 */
export function rowsToText(rows: string[][], maxChars = Infinity): string {
  const [header, ...body] = rows;
  if (!header) return '';
  const names = header.map((h, i) => h || `coluna ${i + 1}`);
  const lines: string[] = [];
  let chars = 0;
  for (const row of body) {
    if (!row.some((cell) => cell !== '')) continue;
    const line = row
      .map((cell, i) => (cell === '' ? '' : `${names[i] ?? `coluna ${i + 1}`}: ${cell}`))
      .filter(Boolean)
      .join('; ');
    chars += line.length + 2;
    if (chars > maxChars) throw new ExtractionError('too_much_text');
    lines.push(line);
  }
  return lines.join('\n\n');
}

export async function extractXlsx(data: Buffer, maxChars = Infinity): Promise<Segment[]> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new ExtractionError('unreadable');
  }
  return workbook.worksheets.map((sheet) => {
    const rows: string[][] = [];
    // exceljs walks every row to answer columnCount: asked once per cell, that made a sheet of
    // 100 000 cells take 73 s instead of 5.
    const columns = sheet.columnCount;
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values: string[] = [];
      for (let c = 1; c <= columns; c++) values.push(cellText(row.getCell(c).value));
      rows.push(values);
    });
    return { text: rowsToText(rows, maxChars), sheet: sheet.name };
  });
}

/** RFC 4180 CSV (quotes, doubled quotes, newlines in quotes); `;` when it is the delimiter. */
export function parseCsv(text: string): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter =
    (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(field.trim());
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field.trim());
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field.trim());
    rows.push(row);
  }
  return rows;
}
