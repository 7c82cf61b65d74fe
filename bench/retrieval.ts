/**
 * Knowledge-base retrieval, in this process on the embedded database:
 *  (a) quality on a Portuguese corpus of our own (bench/fixtures/retrieval: five small-business
 *      documents, 49 questions, each with a phrase only its expected passage holds): recall@5 and
 *      MRR, lexical-only and hybrid (the fake provider's bag-of-words embeddings with the synonym
 *      groups of synonyms.json), through the real pipeline with the shipped chunk defaults, then a
 *      sweep of chunk size/overlap to choose the defaults by measurement;
 *  (b) searchKnowledge latency p50/p95 at 1k, 10k and 100k chunks for one agent, on topical
 *      chunks embedded by the fake model, or with BENCH_LATENCY_EMBEDDINGS=random on random
 *      words and vectors (lib/retrieval-latency.ts);
 *  (c) ingestion throughput (upload → ready) for PDF and DOCX.
 *
 *   node --import tsx bench/retrieval.ts
 */
import { CHUNK_DEFAULTS } from '../server/modules/knowledge';
import { startFakeOpenAI } from '../server/test/fake-openai';
import { printTable, round, writeResult } from './lib/common';
import { startInProcessApp, signedInClient } from './lib/in-process-app';
import { ingest, makeDocuments, type IngestionRow } from './lib/ingestion';
import { LATENCY_SIZES, latencyEmbeddings, retrievalLatency } from './lib/retrieval-latency';
import {
  chunkingSweep,
  corpusVocabulary,
  loadCorpus,
  pipelineQuality,
  recommend,
  type Corpus,
} from './lib/retrieval-quality';

const INGEST_COPIES = 8;

async function qualityAndHybridIngestion(corpus: Corpus) {
  const fake = await startFakeOpenAI();
  fake.synonyms = corpus.synonyms;
  const app = await startInProcessApp({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test-key' });
  try {
    const { client, userId } = await signedInClient(app.baseUrl, 'quality');
    const pipeline = await pipelineQuality(app.ctx, client, userId, corpus);
    console.log(
      `pipeline (defaults ${CHUNK_DEFAULTS.targetChars}/${CHUNK_DEFAULTS.overlapChars}): lexical ` +
        `R@5 ${pipeline.lexical.recallAt5} MRR ${pipeline.lexical.mrr}, hybrid R@5 ` +
        `${pipeline.hybrid.recallAt5} MRR ${pipeline.hybrid.mrr}`,
    );
    const sweep = await chunkingSweep(app.ctx, client, corpus);
    // One copy of the corpus: with embeddings every chunk also goes into the HNSW index.
    const docs = await makeDocuments(texts(corpus), 1);
    const ingestion = await ingest(client, 'hybrid', docs, 1);
    return { pipeline, sweep, ingestion };
  } finally {
    await app.close();
    await fake.close();
  }
}

async function latencyAndLexicalIngestion(corpus: Corpus) {
  const app = await startInProcessApp();
  try {
    const { client } = await signedInClient(app.baseUrl, 'latency');
    const docs = await makeDocuments(texts(corpus), INGEST_COPIES);
    const ingestion = await ingest(client, 'lexical', docs);
    const latency = await retrievalLatency(
      app.ctx,
      client,
      corpus.questions.map((q) => q.question),
      corpusVocabulary(corpus),
      latencyEmbeddings(),
    );
    return { ingestion, latency };
  } finally {
    await app.close();
  }
}

const texts = (corpus: Corpus) => corpus.documents.map((d) => d.data.toString('utf8'));

async function main() {
  const corpus = loadCorpus();
  console.log(`${corpus.documents.length} documents, ${corpus.questions.length} questions`);
  const a = await qualityAndHybridIngestion(corpus);
  const b = await latencyAndLexicalIngestion(corpus);
  const best = recommend(a.sweep);

  console.log(`\n(a) quality, ${corpus.questions.length} questions, top 5`);
  printTable([
    {
      case: `pipeline, defaults ${CHUNK_DEFAULTS.targetChars}/${CHUNK_DEFAULTS.overlapChars}`,
      'lexical R@5': a.pipeline.lexical.recallAt5,
      'lexical MRR': a.pipeline.lexical.mrr,
      'hybrid R@5': a.pipeline.hybrid.recallAt5,
      'hybrid MRR': a.pipeline.hybrid.mrr,
    },
  ]);
  console.log('lexical misses:', a.pipeline.lexical.missed);
  console.log('hybrid misses:', a.pipeline.hybrid.missed);
  console.log('\nchunking sweep (targetChars/overlapChars):');
  printTable(
    a.sweep.map((r) => ({
      chunking: `${r.targetChars}/${r.overlapChars}`,
      chunks: r.chunks,
      'mean chars': r.meanChunkChars,
      'lexical R@5': r.lexicalRecallAt5,
      'lexical MRR': r.lexicalMrr,
      'hybrid R@5': r.hybridRecallAt5,
      'hybrid MRR': r.hybridMrr,
      'top-5 context chars': r.top5ContextChars,
    })),
  );
  console.log(`recommended chunking: ${best.targetChars}/${best.overlapChars}`);

  console.log(
    `\n(b) searchKnowledge latency, one agent, embedded database, ${latencyEmbeddings()} embeddings`,
  );
  printTable(
    b.latency.rows.map((r) => ({
      chunks: r.chunks,
      mode: r.mode,
      queries: r.queries,
      'p50 ms': r.p50Ms,
      'p95 ms': r.p95Ms,
      'semantic plan': r.plan ?? '',
    })),
  );
  console.log('\n(c) ingestion, upload → ready');
  const ingestion: IngestionRow[] = [...b.ingestion, ...a.ingestion];
  printTable(
    ingestion.map((r) => ({
      type: r.type,
      index: r.index,
      'file KB': r.fileKb,
      'text KB': r.textKb,
      chunks: r.chunks,
      seconds: r.seconds,
      'MB/min (file)': r.mbPerMin,
      'MB/min (text)': r.textMbPerMin,
      'extraction s': r.extractSeconds,
    })),
  );

  const at100k = (mode: string) =>
    b.latency.rows.find((r) => r.chunks === LATENCY_SIZES.at(-1) && r.mode === mode)!;
  const targets = {
    hybridRecallAt5AtLeast0_9: a.pipeline.hybrid.recallAt5 >= 0.9,
    lexicalRecallAt5AtLeast0_8: a.pipeline.lexical.recallAt5 >= 0.8,
    lexicalP95Under30MsAt100k: at100k('lexical').p95Ms < 30,
    hybridP95Under30MsAt100k: at100k('hybrid').p95Ms < 30,
  };
  console.log('targets:', targets);
  // The random-embedding run keeps a result file of its own beside the default run's.
  const name = latencyEmbeddings() === 'random' ? 'retrieval-random-embeddings' : 'retrieval';
  const file = await writeResult(name, {
    corpus: {
      documents: corpus.documents.map((d) => ({ name: d.name, chars: d.data.length })),
      questions: corpus.questions.length,
      synonymGroups: corpus.synonyms.length,
    },
    chunkDefaults: CHUNK_DEFAULTS,
    targets,
    quality: a.pipeline,
    sweep: a.sweep,
    recommendedChunking: { targetChars: best.targetChars, overlapChars: best.overlapChars },
    latency: {
      embeddings: latencyEmbeddings(),
      ...b.latency,
      note: 'HNSW index over the quantized embeddings built after the inserts, then VACUUM ANALYZE',
    },
    ingestion,
    elapsedS: round(performance.now() / 1000),
  });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
