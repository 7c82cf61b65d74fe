import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { documentChunks, documentFiles, ragDocuments } from '../../db/schema';
import { vectorParam } from '../../db/vector';
import type { Chunk } from './chunk';

export type DocumentRow = typeof ragDocuments.$inferSelect;

/** Documents are reached through their agent; callers have checked the agent's owner. */
export async function insertDocument(
  db: AppDb,
  values: typeof ragDocuments.$inferInsert,
  data: Buffer,
): Promise<DocumentRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(ragDocuments).values(values).returning();
    await tx.insert(documentFiles).values({ documentId: row!.id, data });
    return row!;
  });
}

export function listDocuments(db: AppDb, agentId: number): Promise<DocumentRow[]> {
  return db
    .select()
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
    .select()
    .from(ragDocuments)
    .where(and(eq(ragDocuments.id, id), eq(ragDocuments.agentId, agentId)))
    .limit(1);
  return rows[0];
}

/** For the job runner, which starts from a document id alone. */
export async function findDocumentById(db: AppDb, id: number): Promise<DocumentRow | undefined> {
  const rows = await db.select().from(ragDocuments).where(eq(ragDocuments.id, id)).limit(1);
  return rows[0];
}

export async function loadDocumentFile(db: AppDb, documentId: number): Promise<Buffer | undefined> {
  const rows = await db
    .select()
    .from(documentFiles)
    .where(eq(documentFiles.documentId, documentId))
    .limit(1);
  const data = rows[0]?.data;
  return data ? Buffer.from(data) : undefined;
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

/** Replaces a document's chunks (or, with documentId null, the agent's free-text ones) at once. */
export async function replaceChunks(
  db: AppDb,
  agentId: number,
  documentId: number | null,
  chunks: Chunk[],
): Promise<{ id: number; content: string }[]> {
  return db.transaction(async (tx) => {
    await tx
      .delete(documentChunks)
      .where(
        and(
          eq(documentChunks.agentId, agentId),
          documentId === null
            ? isNull(documentChunks.documentId)
            : eq(documentChunks.documentId, documentId),
        ),
      );
    if (chunks.length === 0) return [];
    const inserted: { id: number; content: string }[] = [];
    for (let i = 0; i < chunks.length; i += 500) {
      const batch = chunks.slice(i, i + 500).map((c, j) => ({
        agentId,
        documentId,
        source: documentId === null ? 'knowledge_base' : 'document',
        chunkIndex: i + j,
        content: c.content,
        page: c.page ?? null,
        sheet: c.sheet ?? null,
      }));
      inserted.push(
        ...(await tx
          .insert(documentChunks)
          .values(batch)
          .returning({ id: documentChunks.id, content: documentChunks.content })),
      );
    }
    return inserted;
  });
}

export async function chunksToEmbed(
  db: AppDb,
  agentId: number,
  documentId: number | null,
): Promise<{ id: number; content: string }[]> {
  return db
    .select({ id: documentChunks.id, content: documentChunks.content })
    .from(documentChunks)
    .where(
      and(
        eq(documentChunks.agentId, agentId),
        documentId === null
          ? isNull(documentChunks.documentId)
          : eq(documentChunks.documentId, documentId),
      ),
    )
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
