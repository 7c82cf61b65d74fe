/** The document types the server accepts (checked there from the content). */
export const DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'txt', 'md', 'xlsx', 'csv'] as const;

/** The file input's accept list. */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** 10 MB per file, the same limit the server enforces with 413. */
export const DOCUMENT_LIMIT_BYTES = 10 * 1024 * 1024;

export type FileProblem = 'tooLarge' | 'empty' | 'oldWord' | 'unsupported';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * What the browser can tell before sending: the size and the name's extension. The server still
 * checks the content, so a renamed file is refused there.
 */
export function checkDocumentFile(file: { name: string; size: number }): FileProblem | null {
  if (file.size > DOCUMENT_LIMIT_BYTES) return 'tooLarge';
  if (file.size === 0) return 'empty';
  const ext = extensionOf(file.name);
  if (ext === 'doc') return 'oldWord';
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return 'unsupported';
  return null;
}

/** Sizes in KB with one decimal, in the reader's number format ('12,3 KB'). */
export function formatKb(bytes: number, locale: string): string {
  const kb = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bytes / 1024);
  return `${kb} KB`;
}

/** Megabytes with one decimal, for the 'too large' message. */
export function formatMb(bytes: number, locale: string): string {
  const mb = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bytes / (1024 * 1024));
  return `${mb} MB`;
}

/** The name a document is shown by: the uploaded file's own name when the server kept it. */
export function documentName(doc: { originalName: string | null; filename: string }): string {
  return doc.originalName || doc.filename;
}
