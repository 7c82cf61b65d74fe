import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ExtractionError } from './extraction-error';
import { MAX_ZIP_ENTRIES, RATIO_FLOOR_BYTES, type ExtractionLimits } from './extraction-limits';

/**
 * Zip-based documents (DOCX, XLSX) read with yauzl, which parses the central directory entry by
 * entry and inflates nothing until asked: a bomb is seen from its declared sizes before any byte of
 * it is unpacked (JSZip, which mammoth and exceljs use, inflates whole entries into memory).
 */
function openZip(data: Buffer): Promise<ZipFile> {
  return yauzl.fromBufferPromise(data, {
    lazyEntries: true,
    autoClose: false,
    validateEntrySizes: true,
    strictFileNames: false,
  });
}

async function readDirectory(zip: ZipFile, maxEntries: number): Promise<Entry[] | null> {
  if (zip.entryCount > maxEntries) return null;
  const entries: Entry[] = [];
  for await (const entry of zip.eachEntry()) entries.push(entry);
  return entries;
}

/**
 * The Office type of a zip from its directory alone, as the upload decides it (on the thread that
 * serves requests: nothing is inflated, and at most MAX_ZIP_ENTRIES directory records are read).
 */
export async function officeTypeOfZip(data: Buffer): Promise<'docx' | 'xlsx' | null> {
  let zip: ZipFile;
  try {
    zip = await openZip(data);
  } catch {
    return null;
  }
  try {
    const names = new Set((await readDirectory(zip, MAX_ZIP_ENTRIES))?.map((e) => e.fileName));
    if (names.has('word/document.xml')) return 'docx';
    if (names.has('xl/workbook.xml')) return 'xlsx';
    return null;
  } catch {
    return null;
  } finally {
    zip.close();
  }
}

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;
/** a cell element, with or without a namespace prefix: `<c r="A1">`, `<c/>`, `<x:c>` */
const CELL_TAG = /<(?:[A-Za-z_][\w.-]{0,15}:)?c[\s>/]/g;
const TAG_TAIL = 24;

/** Counts cell elements in a worksheet as it streams by; a tag cut between chunks counts once. */
export function cellCounter() {
  let tail = '';
  let cells = 0;
  return {
    push(chunk: Buffer): number {
      const text = tail + chunk.toString('latin1');
      for (const match of text.matchAll(CELL_TAG)) {
        if (match.index + match[0].length > tail.length) cells += 1;
      }
      tail = text.slice(-TAG_TAIL);
      return cells;
    },
  };
}

function checkDirectory(entries: Entry[] | null, limits: ExtractionLimits): Entry[] {
  if (!entries) throw new ExtractionError('too_large');
  let declared = 0;
  for (const entry of entries) {
    declared += entry.uncompressedSize;
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > limits.maxCompressionRatio)
      throw new ExtractionError('too_large');
  }
  if (declared > limits.maxUnpackedBytes) throw new ExtractionError('too_large');
  return entries;
}

/** Inflates one entry without keeping it; yauzl fails the stream past the declared size. */
async function drain(zip: ZipFile, entry: Entry, onChunk: (chunk: Buffer) => void) {
  const stream = await zip.openReadStreamPromise(entry);
  for await (const chunk of stream as AsyncIterable<Buffer>) onChunk(chunk);
}

/**
 * Checks a DOCX or XLSX against the limits: first its directory (entries, declared sizes and
 * ratios), then every entry inflated as a stream and dropped, which proves the declared sizes
 * (the parser that runs next trusts them) and counts the worksheets' cells.
 */
export async function inspectZip(data: Buffer, limits: ExtractionLimits): Promise<void> {
  let zip: ZipFile;
  try {
    zip = await openZip(data);
  } catch {
    throw new ExtractionError('unreadable');
  }
  try {
    const entries = checkDirectory(await readDirectory(zip, limits.maxZipEntries), limits);
    let cells = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const counter = WORKSHEET.test(entry.fileName) ? cellCounter() : null;
      const before = cells;
      await drain(zip, entry, (chunk) => {
        if (!counter) return;
        cells = before + counter.push(chunk);
        if (cells > limits.maxXlsxCells) throw new ExtractionError('too_many_cells');
      });
    }
  } catch (err) {
    if (err instanceof ExtractionError) throw err;
    // A size other than the declared one is a lie or damage: either way, not safe to parse.
    const sizeLie = /too many bytes in the stream/.test(String(err));
    throw new ExtractionError(sizeLie ? 'too_large' : 'unreadable');
  } finally {
    zip.close();
  }
}
