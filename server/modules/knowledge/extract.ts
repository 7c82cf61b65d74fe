import type { DocumentType } from './document-types';
import { extractXlsx, parseCsv, rowsToText } from './extract-tables';
import { ExtractionError } from './extraction-error';
import { DEFAULT_EXTRACTION_LIMITS, type ExtractionLimits } from './extraction-limits';
import { inspectZip } from './zip-inspection';

// The extraction libraries are large (pdf.js alone is tens of MB): they load on the first
// document, not at process start. They run in the extraction process (extraction-pool.ts), never
// on the thread that serves requests.

/** A piece of extracted text with where it came from, kept on every chunk for citations. */
export interface Segment {
  text: string;
  page?: number;
  sheet?: string;
}

async function extractPdf(data: Buffer, limits: ExtractionLimits): Promise<Segment[]> {
  const { PasswordException, PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    // The count comes from the page tree before any page is read: a tree that lists one page a
    // million times is refused here, instead of walked once per listed page.
    const { total } = await parser.getInfo();
    if (total > limits.maxPdfPages) throw new ExtractionError('too_many_pages');
    const result = await parser.getText();
    return result.pages.map((p) => ({ text: p.text, page: p.num }));
  } catch (err) {
    if (err instanceof ExtractionError) throw err;
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

const decodeText = (data: Buffer) => data.toString('utf8').replace(/^\uFEFF/, '');

export async function extractSegments(
  type: DocumentType,
  data: Buffer,
  limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS,
): Promise<Segment[]> {
  let segments: Segment[];
  switch (type) {
    case 'pdf':
      segments = await extractPdf(data, limits);
      break;
    case 'docx':
      await inspectZip(data, limits);
      segments = await extractDocx(data);
      break;
    case 'xlsx':
      await inspectZip(data, limits);
      segments = await extractXlsx(data, limits.maxTextChars);
      break;
    case 'csv':
      segments = [{ text: rowsToText(parseCsv(decodeText(data)), limits.maxTextChars) }];
      break;
    default:
      segments = [{ text: decodeText(data) }];
  }
  const chars = segments.reduce((sum, s) => sum + s.text.length, 0);
  if (chars > limits.maxTextChars) throw new ExtractionError('too_much_text');
  const withText = segments.filter((s) => s.text.trim().length > 0);
  // A PDF of scanned pages has pages but no text layer.
  if (withText.length === 0) throw new ExtractionError('no_text');
  return withText;
}
