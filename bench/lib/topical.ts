import { sql } from 'drizzle-orm';
import type { AppDb } from '../../server/db/client';
import { vectorParam } from '../../server/db/vector';
import { fakeEmbedding } from '../../server/test/fake-openai';

/**
 * Synthetic knowledge-base text with topics: each chunk's words come from a window of the
 * retrieval corpus's vocabulary (in the order the documents use them), so chunks drawn near the
 * same place share words and meaning, as a real knowledge base's do, and a question's nearest
 * chunks by embedding are the ones about its subject.
 */
const WINDOW = 120;

/** A seeded generator (Park–Miller), so every run draws the same chunks and questions. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

export function topicalText(words: string[], random: () => number, length: number): string {
  const centre = Math.floor(random() * words.length);
  return Array.from(
    { length },
    () => words[(centre + Math.floor(random() * WINDOW)) % words.length]!,
  ).join(' ');
}

const INSERT_BATCH = 250;

/**
 * `count` topical chunks of `wordsPerChunk` words for one agent, embedded by the fake model
 * (server/test/fake-openai.ts), drawn from a generator seeded with `seed`; `inGraph`: in the HNSW
 * graph, as the app puts the chunks of an agent that large (knowledge/vector-graph.ts).
 */
export async function insertTopicalChunks(
  db: AppDb,
  agentId: number,
  options: {
    count: number;
    words: string[];
    wordsPerChunk: number;
    seed: number;
    inGraph: boolean;
  },
): Promise<void> {
  const random = seededRandom(options.seed);
  for (let from = 0; from < options.count; from += INSERT_BATCH) {
    const values = [];
    for (let i = from; i < Math.min(options.count, from + INSERT_BATCH); i++) {
      const text = topicalText(options.words, random, options.wordsPerChunk);
      values.push(
        sql`(${agentId}::int, 'knowledge_base', ${i}::int, ${text},
          ${vectorParam(fakeEmbedding(text, []))}::vector, ${options.inGraph})`,
      );
    }
    await db.execute(sql`INSERT INTO document_chunks
      (agent_id, source, chunk_index, content, embedding, in_graph)
      VALUES ${sql.join(values, sql`, `)}`);
  }
}
