import type ExcelJS from 'exceljs';
import type { DocumentType } from './document-types';

// The extraction libraries are large (pdf.js alone is tens of MB): they load on the first
// document, not at server start.

/** A piece of extracted text with where it came from, kept on every chunk for citations. */
export interface Segment {
  text: string;
  page?: number;
  sheet?: string;
}

/** A reason the owner can act on, stored on the document (a key of errors.json `documents.*`). */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
  constructor(readonly reason: 'encrypted' | 'no_text' | 'unreadable') {
    super(reason);
  }
}

async function extractPdf(data: Buffer): Promise<Segment[]> {
  const { PasswordException, PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const result = await parser.getText();
    return result.pages.map((p) => ({ text: p.text, page: p.num }));
  } catch (err) {
    if (err instanceof PasswordException) throw new ExtractionError('encrypted');
    throw new ExtractionError('unreadable');
  } finally {
    await parser.destroy();
  }
}

async function extractDocx(data: Buffer): Promise<Segment[]> {
  const { default: mammoth } = await import('mammoth');
  try {
    const result = await mammoth.extractRawText({ buffer: data });
    return [{ text: result.value }];
  } catch {
    throw new ExtractionError('unreadable');
  }
}

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

/** Rows become "column: value" lines, so a row reads on its own in a passage. */
export function rowsToText(rows: string[][]): string {
  const [header, ...body] = rows;
  if (!header) return '';
  const names = header.map((h, i) => h || `coluna ${i + 1}`);
  return body
    .filter((row) => row.some((cell) => cell !== ''))
    .map((row) =>
      row
        .map((cell, i) => (cell === '' ? '' : `${names[i] ?? `coluna ${i + 1}`}: ${cell}`))
        .filter(Boolean)
        .join('; '),
    )
    .join('\n\n');
}

async function extractXlsx(data: Buffer): Promise<Segment[]> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new ExtractionError('unreadable');
  }
  return workbook.worksheets.map((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values: string[] = [];
      for (let c = 1; c <= sheet.columnCount; c++) values.push(cellText(row.getCell(c).value));
      rows.push(values);
    });
    return { text: rowsToText(rows), sheet: sheet.name };
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

export async function extractSegments(type: DocumentType, data: Buffer): Promise<Segment[]> {
  let segments: Segment[];
  switch (type) {
    case 'pdf':
      segments = await extractPdf(data);
      break;
    case 'docx':
      segments = await extractDocx(data);
      break;
    case 'xlsx':
      segments = await extractXlsx(data);
      break;
    case 'csv':
      segments = [{ text: rowsToText(parseCsv(data.toString('utf8').replace(/^\uFEFF/, ''))) }];
      break;
    default:
      segments = [{ text: data.toString('utf8').replace(/^\uFEFF/, '') }];
  }
  const withText = segments.filter((s) => s.text.trim().length > 0);
  // A PDF of scanned pages has pages but no text layer.
  if (withText.length === 0) throw new ExtractionError('no_text');
  return withText;
}
