/**
 * Why a document failed, as the owner reads it: a key of errors.json `documents.*`, stored on the
 * document. The first three say something about the file itself; the others are a limit it broke.
 */
export type ExtractionReason =
  | 'encrypted'
  | 'no_text'
  | 'unreadable'
  | 'too_many_pages'
  | 'too_large'
  | 'too_many_cells'
  | 'too_much_text'
  | 'too_slow';

/** A reason the owner can act on: processing it again would fail the same way, so never retried. */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
  constructor(readonly reason: ExtractionReason) {
    super(reason);
  }
}

/** The extraction process died (out of memory, killed): worth one more attempt, not more. */
export class ExtractionCrash extends Error {
  override name = 'ExtractionCrash';
}

/** A reason stored on a failed document: the extraction's, or its process dying twice. */
export type FailureReason = ExtractionReason | 'crashed';
