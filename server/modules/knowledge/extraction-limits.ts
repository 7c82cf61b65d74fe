import type { Config } from '../../config';

/**
 * What one document may cost its extraction process. Each is checked before the work it bounds:
 * pages before any page is read, zip sizes before anything is inflated, cells before the workbook
 * is loaded.
 */
export interface ExtractionLimits {
  maxPdfPages: number;
  /** sum of the uncompressed sizes a DOCX/XLSX's zip directory declares */
  maxUnpackedBytes: number;
  /** uncompressed/compressed size of any one zip entry larger than `ratioFloorBytes` */
  maxCompressionRatio: number;
  maxZipEntries: number;
  maxXlsxCells: number;
  /** characters of extracted text */
  maxTextChars: number;
}

/** Entries this small cannot hold a bomb, whatever their ratio (an empty part compresses 100×). */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

/**
 * A DOCX or XLSX has a few dozen entries; ten thousand is far beyond any a word processor or
 * spreadsheet writes, and bounds the directory read at upload as well.
 */
export const MAX_ZIP_ENTRIES = 10_000;

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  maxPdfPages: 2000,
  maxUnpackedBytes: 100 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxZipEntries: MAX_ZIP_ENTRIES,
  maxXlsxCells: 200_000,
  maxTextChars: 20_000_000,
};

/** How the extraction processes run: see ExtractionPool. */
export interface ExtractionPoolOptions {
  limits: ExtractionLimits;
  /** V8 heap of one extraction process */
  memoryMb: number;
  /** wall time of one document, from the moment it is handed to the pool */
  timeoutMs: number;
}

export function extractionOptionsOf(config: Config): ExtractionPoolOptions {
  return {
    limits: {
      maxPdfPages: config.DOCUMENT_MAX_PDF_PAGES,
      maxUnpackedBytes: config.DOCUMENT_MAX_UNPACKED_MB * 1024 * 1024,
      maxCompressionRatio: config.DOCUMENT_MAX_COMPRESSION_RATIO,
      maxZipEntries: MAX_ZIP_ENTRIES,
      maxXlsxCells: config.DOCUMENT_MAX_XLSX_CELLS,
      maxTextChars: config.DOCUMENT_MAX_TEXT_CHARS,
    },
    memoryMb: config.DOCUMENT_WORKER_MEMORY_MB,
    timeoutMs: config.DOCUMENT_TIMEOUT_SECONDS * 1000,
  };
}
