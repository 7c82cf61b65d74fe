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
  { ok: true; content: string; chunks: Chunk[] } | { ok: false; reason: ExtractionReason };

/** One document in the extraction process: its text and its chunks (chunking is CPU work too). */
export default async function extractDocument(task: ExtractionTask): Promise<ExtractionOutcome> {
  const data = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
  try {
    const segments = await extractSegments(task.type, data, task.limits);
    return {
      ok: true,
      content: segments.map((s) => s.text).join('\n\n'),
      chunks: chunkSegments(segments),
    };
  } catch (err) {
    if (err instanceof ExtractionError) return { ok: false, reason: err.reason };
    throw err;
  }
}
