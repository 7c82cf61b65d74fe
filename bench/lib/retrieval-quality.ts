import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../server/app-context';
import {
  chunkSegments,
  type Chunk,
  replaceChunks,
  storeEmbeddings,
  extractSegments,
  type Segment,
  retrievePassages,
  searchKnowledge,
} from '../../server/modules/knowledge';
import { fakeEmbedding } from '../../server/test/fake-openai';
import { documentForm, waitForDocument } from '../../server/test/knowledge-helpers';
import type { HttpClient } from '../../server/test/http-client';
import { benchDir, round } from './common';
import { createAgent } from './in-process-app';

export const fixturesDir = path.join(benchDir, 'fixtures', 'retrieval');
const K = 5;

export interface Question {
  document: string;
  question: string;
  /** a phrase only the expected passage holds */
  phrase: string;
}

export interface Corpus {
  documents: { name: string; data: Buffer }[];
  questions: Question[];
  synonyms: string[][];
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').toLowerCase();

/** Reads the corpus and checks every expected phrase occurs exactly once in it. */
export function loadCorpus(): Corpus {
  const documents = readdirSync(fixturesDir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((name) => ({ name, data: readFileSync(path.join(fixturesDir, name)) }));
  const read = (file: string) => JSON.parse(readFileSync(path.join(fixturesDir, file), 'utf8'));
  const questions = read('questions.json') as Question[];
  const texts = documents.map((d) => normalise(d.data.toString('utf8')));
  for (const q of questions) {
    const count = texts.reduce((n, t) => n + t.split(normalise(q.phrase)).length - 1, 0);
    if (count !== 1) throw new Error(`phrase found ${count} times: ${q.phrase}`);
  }
  return { documents, questions, synonyms: read('synonyms.json') as string[][] };
}

/** The corpus's distinct words of three letters or more, lower-cased (synthetic chunks use them). */
export function corpusVocabulary(corpus: Corpus): string[] {
  const text = corpus.documents
    .map((d) => d.data.toString('utf8'))
    .join(' ')
    .toLowerCase();
  return [...new Set(text.split(/[^\p{L}]+/u).filter((w) => w.length > 2))];
}

export interface Scores {
  recallAt5: number;
  mrr: number;
  /** questions whose passage was not in the top 5 */
  missed: string[];
}

/** recall@5 and MRR (reciprocal rank of the first passage holding the phrase, 0 past rank 5). */
export function score(questions: Question[], results: string[][]): Scores {
  let found = 0;
  let reciprocal = 0;
  const missed: string[] = [];
  questions.forEach((q, i) => {
    const rank = results[i]!.slice(0, K).findIndex((c) =>
      normalise(c).includes(normalise(q.phrase)),
    );
    if (rank >= 0) {
      found++;
      reciprocal += 1 / (rank + 1);
    } else missed.push(q.question);
  });
  return {
    recallAt5: round(found / questions.length, 3),
    mrr: round(reciprocal / questions.length, 3),
    missed,
  };
}

async function evaluate(ctx: AppContext, agentId: number, corpus: Corpus) {
  const lexical: string[][] = [];
  const hybrid: string[][] = [];
  let contextChars = 0;
  for (const q of corpus.questions) {
    const lex = await searchKnowledge(ctx.database.db, {
      agentId,
      query: q.question,
      embedding: null,
      limit: K,
    });
    const hyb = await searchKnowledge(ctx.database.db, {
      agentId,
      query: q.question,
      embedding: fakeEmbedding(q.question, corpus.synonyms),
      limit: K,
    });
    if (hyb.mode !== 'hybrid') throw new Error('hybrid search fell back to lexical');
    lexical.push(lex.passages.map((p) => p.content));
    hybrid.push(hyb.passages.map((p) => p.content));
    contextChars += hyb.passages.reduce((n, p) => n + p.content.length, 0);
  }
  return {
    lexical: score(corpus.questions, lexical),
    hybrid: score(corpus.questions, hybrid),
    top5ContextChars: Math.round(contextChars / corpus.questions.length),
  };
}

/**
 * The real pipeline with the shipped defaults: upload through the API, the processing job
 * (extract, chunk, index, embed through the fake provider), then retrieval as the runtime calls it
 * (hybrid: the query embedded by the provider) and lexical-only (no embedding).
 */
export async function pipelineQuality(
  ctx: AppContext,
  client: HttpClient,
  userId: number,
  corpus: Corpus,
) {
  const agentId = await createAgent(client, 'Base de conhecimento (pipeline)');
  for (const doc of corpus.documents) {
    const res = await client.request<{ id: number }>(
      'POST',
      `/api/agents/${agentId}/upload-document`,
      { body: documentForm(doc.data, doc.name, 'text/markdown') },
    );
    if (res.status !== 201) throw new Error(`upload ${doc.name}: ${res.status} ${res.text}`);
    const ready = await waitForDocument(client, agentId, res.body.id);
    if (ready.processingStatus !== 'ready' || ready.indexMode !== 'hybrid')
      throw new Error(`${doc.name}: ${ready.processingStatus} ${ready.indexMode}`);
  }
  const lexical: string[][] = [];
  const hybrid: string[][] = [];
  for (const q of corpus.questions) {
    const hyb = await retrievePassages(ctx, userId, agentId, q.question, K);
    if (hyb.mode !== 'hybrid') throw new Error('the runtime retrieval was not hybrid');
    hybrid.push(hyb.passages.map((p) => p.content));
    const lex = await searchKnowledge(ctx.database.db, { agentId, query: q.question, limit: K });
    lexical.push(lex.passages.map((p) => p.content));
  }
  return { lexical: score(corpus.questions, lexical), hybrid: score(corpus.questions, hybrid) };
}

export interface SweepRow {
  targetChars: number;
  overlapChars: number;
  chunks: number;
  meanChunkChars: number;
  lexicalRecallAt5: number;
  lexicalMrr: number;
  hybridRecallAt5: number;
  hybridMrr: number;
  /** characters of the 5 passages a turn puts in the prompt (hybrid), mean */
  top5ContextChars: number;
}

export const SWEEP_TARGETS = [300, 500, 800, 1200, 1600];
export const SWEEP_OVERLAPS = [0, 150, 300];

/**
 * chunkSegments with other sizes over the same extracted text; each configuration indexed for its
 * own agent (chunks and fake embeddings stored as the pipeline stores them) and searched the same way.
 */
export async function chunkingSweep(
  ctx: AppContext,
  client: HttpClient,
  corpus: Corpus,
): Promise<SweepRow[]> {
  const segments: Segment[][] = [];
  for (const doc of corpus.documents) segments.push(await extractSegments('md', doc.data));
  const rows: SweepRow[] = [];
  for (const targetChars of SWEEP_TARGETS) {
    for (const overlapChars of SWEEP_OVERLAPS.filter((o) => o < targetChars / 2)) {
      const chunks: Chunk[] = segments.flatMap((s) =>
        chunkSegments(s, { targetChars, overlapChars }),
      );
      const agentId = await createAgent(client, `Sweep ${targetChars}/${overlapChars}`);
      const inserted = await replaceChunks(ctx.database.db, agentId, null, chunks);
      await storeEmbeddings(
        ctx.database.db,
        inserted.map((c) => ({ id: c.id, embedding: fakeEmbedding(c.content, corpus.synonyms) })),
      );
      const result = await evaluate(ctx, agentId, corpus);
      const row: SweepRow = {
        targetChars,
        overlapChars,
        chunks: chunks.length,
        meanChunkChars: Math.round(
          chunks.reduce((n, c) => n + c.content.length, 0) / chunks.length,
        ),
        lexicalRecallAt5: result.lexical.recallAt5,
        lexicalMrr: result.lexical.mrr,
        hybridRecallAt5: result.hybrid.recallAt5,
        hybridMrr: result.hybrid.mrr,
        top5ContextChars: result.top5ContextChars,
      };
      console.log(
        `chunks ${targetChars}/${overlapChars}: ${row.chunks} chunks, lexical R@5 ` +
          `${row.lexicalRecallAt5} MRR ${row.lexicalMrr}, hybrid R@5 ${row.hybridRecallAt5} ` +
          `MRR ${row.hybridMrr}`,
      );
      rows.push(row);
    }
  }
  return rows;
}

/**
 * The best configuration: the mean of the four quality figures; among those within 0.01 of it,
 * the one that puts the fewest characters in the prompt (bigger chunks find more but cost tokens).
 */
export function recommend(rows: SweepRow[]): SweepRow {
  const quality = (r: SweepRow) =>
    (r.lexicalRecallAt5 + r.lexicalMrr + r.hybridRecallAt5 + r.hybridMrr) / 4;
  const best = Math.max(...rows.map(quality));
  return rows
    .filter((r) => quality(r) >= best - 0.01)
    .sort((a, b) => a.top5ContextChars - b.top5ContextChars)[0]!;
}
