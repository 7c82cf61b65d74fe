import { chunkSegments, type Chunk } from './chunk';
import type { DocumentType } from './document-types';
import { extractSegments } from './extract';
import { ExtractionError, type ExtractionReason } from './extraction-error';
import type { ExtractionLimits } from './extraction-limits';

export interface ExtractionTask {
  type: DocumentType;
  data: Uint8Array;
  limits: ExtractionLimits;
}

/** A reason travels as a value: an error's own fields do not survive the trip between processes. */
export type ExtractionOutcome =
  { ok: true; key: number; chunks: number } | { ok: false; reason: ExtractionReason };

export interface PageTask {
  key: number;
  from: number;
  to: number;
}

/**
 * The last document's chunks, handed over page by page (readChunks): the parent
 * deserializes a message in one go on the thread that serves requests, and the whole result of a
 * 10 MB text (23 MB serialized) held it ~250 ms with the collection that followed.
 */
let held: { key: number; chunks: Chunk[] } | null = null;
let nextKey = 1;

function holding(key: number) {
  if (held?.key !== key) throw new Error('no such extraction result');
  return held;
}

/** One document in the extraction process: its text and its chunks (chunking is CPU work too). */
export default async function extractDocument(task: ExtractionTask): Promise<ExtractionOutcome> {
  held = null;
  const data = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
  try {
    const segments = await extractSegments(task.type, data, task.limits);
    held = { key: nextKey++, chunks: chunkSegments(segments) };
    return { ok: true, key: held.key, chunks: held.chunks.length };
  } catch (err) {
    if (err instanceof ExtractionError) return { ok: false, reason: err.reason };
    throw err;
  }
}

export function readChunks(page: PageTask): Chunk[] {
  return holding(page.key).chunks.slice(page.from, page.to);
}

export function release(): void {
  held = null;
}
