import { promisify } from 'node:util';
import { constants, gunzip, gzip } from 'node:zlib';
import { and, asc, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../db/client';
import { agents, documentChunks, documentFiles, ragDocuments } from '../../db/schema';
import { vectorParam } from '../../db/vector';
import type { Chunk } from './chunk';

/**
 * A document without its extracted text, which nothing here reads back: up to the text limit of
 * one document (tens of MB), it was read with every list the editor polls.
 */
const { content: _content, ...documentColumns } = getTableColumns(ragDocuments);
export type DocumentRow = Omit<typeof ragDocuments.$inferSelect, 'content'>;

const pack = promisify(gzip);
const unpack = promisify(gunzip);
/** No accepted upload starts so: PDF, zip and UTF-8 text (0x8b is not a first byte) cannot. */
const isPacked = (data: Buffer) => data[0] === 0x1f && data[1] === 0x8b;

/**
 * Documents are reached through their agent; callers have checked the agent's owner. The file is
 * stored gzipped (in libuv's threads): on the embedded engine the write of a value holds the
 * thread that serves requests, and the engine's own compression was most of it (10 MB of text:
 * 340 ms, 100 ms for 10 MB it could not compress). Files stored before are read as they are.
 */
export async function insertDocument(
  db: AppDb,
  values: typeof ragDocuments.$inferInsert,
  file: Buffer,
): Promise<DocumentRow> {
  const data = await pack(file, { level: constants.Z_BEST_SPEED });
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(ragDocuments).values(values).returning(documentColumns);
    await tx.insert(documentFiles).values({ documentId: row!.id, data });
    return row!;
  });
}

/**
 * A document of text the owner typed (an answer to a customer's question), ready at once: the row,
 * its file and its chunks, in the caller's transaction — searchable from its commit.
 */
export async function insertReadyTextDocument(
  db: AppDb,
  values: Omit<typeof ragDocuments.$inferInsert, 'processingStatus' | 'totalChunks'>,
  file: Buffer,
  chunks: Chunk[],
): Promise<DocumentRow> {
  const data = await pack(file, { level: constants.Z_BEST_SPEED });
  const [row] = await db
    .insert(ragDocuments)
    .values({
      ...values,
      processingStatus: 'ready',
      progress: 100,
      totalChunks: chunks.length,
      indexMode: 'lexical',
      processedAt: new Date(),
    })
    .returning(documentColumns);
  await db.insert(documentFiles).values({ documentId: row!.id, data });
  if (chunks.length > 0)
    await db.insert(documentChunks).values(chunkRows(values.agentId, row!.id, chunks, 0));
  return row!;
}

export function listDocuments(db: AppDb, agentId: number): Promise<DocumentRow[]> {
  return db
    .select(documentColumns)
    .from(ragDocuments)
    .where(eq(ragDocuments.agentId, agentId))
    .orderBy(desc(ragDocuments.id));
}

export async function findDocument(
  db: AppDb,
  agentId: number,
  id: number,
): Promise<DocumentRow | undefined> {
  const rows = await db
    .select(documentColumns)
    .from(ragDocuments)
    .where(and(eq(ragDocuments.id, id), eq(ragDocuments.agentId, agentId)))
    .limit(1);
  return rows[0];
}

/** For the job runner, which starts from a document id alone. */
export async function findDocumentById(db: AppDb, id: number): Promise<DocumentRow | undefined> {
  const rows = await db
    .select(documentColumns)
    .from(ragDocuments)
    .where(eq(ragDocuments.id, id))
    .limit(1);
  return rows[0];
}

/** The owner of an agent (whom a failed document of it concerns). */
export async function ownerOfAgent(db: AppDb, agentId: number): Promise<number | null> {
  const rows = await db
    .select({ ownerId: agents.ownerId })
    .from(agents)
    .where(eq(agents.id, agentId))
    .limit(1);
  return rows[0]?.ownerId ?? null;
}

/**
 * The original file, read in slices: the embedded engine runs a statement on the thread that
 * serves requests, and a 10 MB file in one statement held it ~0.5 s (1 MB: ~40 ms).
 */
export async function loadDocumentFile(
  db: AppDb,
  documentId: number,
  sliceBytes = 1024 * 1024,
): Promise<Buffer | undefined> {
  const [file] = await queryRows<{ size: number }>(
    db,
    sql`SELECT octet_length(data) AS size FROM document_files WHERE document_id = ${documentId}`,
  );
  if (!file) return undefined;
  const slices: Buffer[] = [];
  for (let start = 0; start < file.size; start += sliceBytes) {
    const [slice] = await queryRows<{ data: Uint8Array }>(
      db,
      sql`SELECT substring(data FROM ${start + 1} FOR ${sliceBytes}) AS data
          FROM document_files WHERE document_id = ${documentId}`,
    );
    if (!slice) return undefined; // deleted meanwhile
    slices.push(Buffer.from(slice.data));
  }
  const stored = Buffer.concat(slices);
  return isPacked(stored) ? unpack(stored) : stored;
}

export async function updateDocument(
  db: AppDb,
  id: number,
  values: Partial<typeof ragDocuments.$inferInsert>,
) {
  await db.update(ragDocuments).set(values).where(eq(ragDocuments.id, id));
}

/** The chunks go with the document (foreign key cascade), and so does the original file. */
export async function deleteDocument(db: AppDb, agentId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(ragDocuments)
    .where(and(eq(ragDocuments.id, id), eq(ragDocuments.agentId, agentId)))
    .returning({ id: ragDocuments.id });
  return rows.length > 0;
}

function chunkRows(agentId: number, documentId: number | null, chunks: Chunk[], from: number) {
  return chunks.map((c, j) => ({
    agentId,
    documentId,
    source: documentId === null ? 'knowledge_base' : 'document',
    chunkIndex: from + j,
    content: c.content,
    page: c.page ?? null,
    sheet: c.sheet ?? null,
  }));
}

const ofDocument = (agentId: number, documentId: number | null) =>
  and(
    eq(documentChunks.agentId, agentId),
    documentId === null
      ? isNull(documentChunks.documentId)
      : eq(documentChunks.documentId, documentId),
  );

const inserted = { id: documentChunks.id, content: documentChunks.content };

/** Replaces a document's chunks (or, with documentId null, the agent's free-text ones) at once. */
export async function replaceChunks(
  db: AppDb,
  agentId: number,
  documentId: number | null,
  chunks: Chunk[],
): Promise<{ id: number; content: string }[]> {
  return db.transaction(async (tx) => {
    await tx.delete(documentChunks).where(ofDocument(agentId, documentId));
    const rows: { id: number; content: string }[] = [];
    for (let i = 0; i < chunks.length; i += 500) {
      const batch = chunkRows(agentId, documentId, chunks.slice(i, i + 500), i);
      rows.push(...(await tx.insert(documentChunks).values(batch).returning(inserted)));
    }
    return rows;
  });
}

/**
 * A processed document's chunks, written batch by batch and not in one transaction: the embedded
 * engine holds the thread that serves requests for a whole statement (and for a whole
 * transaction), and the chunks of a 10 MB text took 13 s in one. Search reads the chunks of ready
 * documents only, so a partial set is never seen; an interrupted run starts again from the delete.
 */
export async function replaceDocumentChunks(
  db: AppDb,
  agentId: number,
  documentId: number,
  chunks: Chunk[],
  options: { batchRows: number; onBatch?: (done: number) => Promise<void> },
): Promise<{ id: number; content: string }[]> {
  await db.delete(documentChunks).where(ofDocument(agentId, documentId));
  const rows: { id: number; content: string }[] = [];
  for (let i = 0; i < chunks.length; i += options.batchRows) {
    const batch = chunkRows(agentId, documentId, chunks.slice(i, i + options.batchRows), i);
    rows.push(...(await db.insert(documentChunks).values(batch).returning(inserted)));
    await options.onBatch?.(rows.length);
  }
  return rows;
}

export async function chunksToEmbed(
  db: AppDb,
  agentId: number,
  documentId: number | null,
): Promise<{ id: number; content: string }[]> {
  return db
    .select({ id: documentChunks.id, content: documentChunks.content })
    .from(documentChunks)
    .where(ofDocument(agentId, documentId))
    .orderBy(asc(documentChunks.id));
}

export async function storeEmbeddings(db: AppDb, rows: { id: number; embedding: number[] }[]) {
  for (let i = 0; i < rows.length; i += 100) {
    const values = rows
      .slice(i, i + 100)
      .map((r) => sql`(${r.id}::int, ${vectorParam(r.embedding)}::vector)`);
    await db.execute(
      sql`UPDATE document_chunks AS c SET embedding = v.embedding
          FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, embedding) WHERE c.id = v.id`,
    );
  }
}
