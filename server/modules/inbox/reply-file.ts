import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { readingMultipart } from '../../lib/multipart';
import { sniffImage } from '../../lib/sniff';
import { officeTypeOfZip } from '../knowledge';

/**
 * A file a person sends from the inbox: read from a multipart request (one `file`, an optional
 * `text` caption), its type decided by its bytes (images JPEG, PNG, WebP; PDF; Word and Excel
 * documents), its name cleaned. The name never decides the type.
 */

export const REPLY_FILE_LIMIT_BYTES = 10 * 1024 * 1024;

const OFFICE_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  [OFFICE_TYPES.docx]: 'docx',
  [OFFICE_TYPES.xlsx]: 'xlsx',
};

export interface ReplyFile {
  data: Buffer;
  mimetype: string;
  fileName: string;
  kind: 'image' | 'file';
}

/** The accepted type of these bytes, or null. */
export async function sniffReplyFile(data: Buffer): Promise<string | null> {
  const image = sniffImage(data);
  if (image) return image === 'image/gif' ? null : image;
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04) {
    const office = await officeTypeOfZip(data);
    return office ? OFFICE_TYPES[office] : null;
  }
  return null;
}

/**
 * A safe file name: the last path segment, without control characters, quotes or separators,
 * at most 100 characters, ending in the extension of the type the bytes have.
 */
export function cleanFileName(name: string | undefined, mimetype: string): string {
  const extension = EXTENSIONS[mimetype] ?? 'bin';
  const last = (name ?? '').split(/[/\\]/).pop() ?? '';
  const stem = last
    .normalize('NFC')
    .replace(/\.[^.]*$/, '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f"'<>:|?*;`$]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s-]+/, '')
    .trim()
    .slice(0, 100)
    .trim();
  return `${stem || 'arquivo'}.${extension}`;
}

/** Is this error @fastify/multipart's "file over the limit"? */
const tooLarge = (err: unknown) =>
  (err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE' ||
  (err as { statusCode?: number } | null)?.statusCode === 413;

/** Reads the multipart reply: the file (checked) and the caption text as given (not trimmed). */
export async function readReplyMultipart(
  request: FastifyRequest,
): Promise<{ file: ReplyFile | null; text: string | undefined }> {
  let read: { raw: { data: Buffer; name: string } | null; text: string | undefined };
  try {
    read = await readingMultipart(async () => {
      const out: typeof read = { raw: null, text: undefined };
      const parts = request.parts({
        limits: { fileSize: REPLY_FILE_LIMIT_BYTES, files: 1, fields: 5, fieldSize: 64 * 1024 },
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname === 'file') out.raw = { data, name: part.filename };
        } else if (part.fieldname === 'text' && typeof part.value === 'string') {
          out.text = part.value;
        }
      }
      return out;
    });
  } catch (err) {
    if (tooLarge(err)) throw new AppError('REPLY_FILE_TOO_LARGE');
    throw err;
  }
  const { raw, text } = read;
  if (!raw) return { file: null, text };
  if (raw.data.length === 0) throw new AppError('REPLY_FILE_TYPE');
  const mimetype = await sniffReplyFile(raw.data);
  if (!mimetype) throw new AppError('REPLY_FILE_TYPE');
  return {
    file: {
      data: raw.data,
      mimetype,
      fileName: cleanFileName(raw.name, mimetype),
      kind: mimetype.startsWith('image/') ? 'image' : 'file',
    },
    text,
  };
}
