import { officeTypeOfZip } from './zip-inspection';

/**
 * The accepted document types, decided from the content (magic bytes and zip structure), never
 * from the file name alone; the name only tells plain-text flavours apart (.md, .csv, .txt).
 */
export const DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  md: 'text/markdown',
  txt: 'text/plain',
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;

export const DOCUMENT_LIMIT_BYTES = 10 * 1024 * 1024;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export async function detectDocumentType(
  data: Buffer,
  fileName: string,
): Promise<DocumentType | null> {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (ZIP_MAGIC.every((b, i) => data[i] === b)) return officeTypeOfZip(data);
  if (!isUtf8Text(data)) return null;
  const ext = extension(fileName);
  if (ext === 'csv') return 'csv';
  if (ext === 'md' || ext === 'markdown') return 'md';
  return 'txt';
}
