/**
 * Offline answers to the questions customers ask most: three small businesses' PDFs
 * (bench/fixtures/customer-questions: a bakery's menu with its address on the first line, a
 * salon's price list, a pizzeria's menu; pages split by "==="), one agent each, and 48 questions
 * as customers write them on WhatsApp (where/address, hours, price, "tem X", delivery, payment;
 * abbreviations, no accents), each with a phrase only its expected line holds. In one run, on
 * the embedded database without a provider (the default install):
 *  - retrieval hit@1 / hit@3: the first / the first three passages hold the phrase, with the
 *    question searched as written (before, `expand: false`) and read with the customers'
 *    vocabulary (after, server/lib/customer-vocabulary.ts);
 *  - answer: the offline model's reply, from the five passages the runtime would give it, holds
 *    the phrase; with a heading glued on: replies that start with a section heading;
 *  - the retrieval corpus of bench/retrieval.ts (49 questions), lexical R@5 and MRR before and
 *    after, so the vocabulary is seen not to cost the questions it was not written for.
 *
 *   node --import tsx bench/customer-questions.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { offlineAnswer } from '../server/adapters/llm/offline-model';
import { searchKnowledge } from '../server/modules/knowledge';
import { makePdf } from '../server/test/fixtures/documents';
import { documentForm, waitForDocument } from '../server/test/knowledge-helpers';
import type { HttpClient } from '../server/test/http-client';
import { benchDir, printTable, round, writeResult } from './lib/common';
import { createAgent, signedInClient, startInProcessApp } from './lib/in-process-app';
import { loadCorpus, score, type Question } from './lib/retrieval-quality';

const dir = path.join(benchDir, 'fixtures', 'customer-questions');
const normalise = (text: string) => text.replace(/\s+/g, ' ').toLowerCase();
const holds = (text: string, phrase: string) => normalise(text).includes(normalise(phrase));

async function uploadReady(client: HttpClient, agentId: number, data: Buffer, name: string) {
  const type = name.endsWith('.pdf') ? 'application/pdf' : 'text/markdown';
  const res = await client.request<{ id: number }>(
    'POST',
    `/api/agents/${agentId}/upload-document`,
    { body: documentForm(data, name, type) },
  );
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${res.text}`);
  const ready = await waitForDocument(client, agentId, res.body.id);
  if (ready.processingStatus !== 'ready') throw new Error(`${name}: ${ready.processingStatus}`);
}

interface Row {
  question: string;
  rank: number | null;
  answer: string;
  answered: boolean;
}

async function main() {
  const documents = readdirSync(dir).filter((f) => f.endsWith('.txt'));
  const questions = JSON.parse(
    readFileSync(path.join(dir, 'questions.json'), 'utf8'),
  ) as Question[];
  const texts = new Map(documents.map((d) => [d, readFileSync(path.join(dir, d), 'utf8')]));
  for (const q of questions) {
    const count = normalise(texts.get(q.document)!).split(normalise(q.phrase)).length - 1;
    if (count !== 1) throw new Error(`phrase found ${count} times: ${q.phrase}`);
  }
  const corpus = loadCorpus();
  const app = await startInProcessApp();
  try {
    const { client } = await signedInClient(app.baseUrl, 'customers');
    const agents = new Map<string, number>();
    for (const [name, text] of texts) {
      const agentId = await createAgent(client, name);
      const pdf = await makePdf(text.split(/\n===\n/));
      await uploadReady(client, agentId, pdf, name.replace(/\.txt$/, '.pdf'));
      agents.set(name, agentId);
    }
    const corpusAgent = await createAgent(client, 'Corpus de recuperação');
    for (const doc of corpus.documents) await uploadReady(client, corpusAgent, doc.data, doc.name);

    const results: Record<string, unknown> = {};
    const corpusRanks: (number | null)[][] = [];
    const summary: Record<string, string | number>[] = [];
    for (const expand of [false, true]) {
      const rows: Row[] = [];
      for (const q of questions) {
        const { passages } = await searchKnowledge(app.ctx.database.db, {
          agentId: agents.get(q.document)!,
          query: q.question,
          limit: 5,
          expand,
        });
        const at = passages.findIndex((p) => holds(p.content, q.phrase));
        const answer = offlineAnswer(q.question, {
          agentName: 'Atendente',
          language: 'pt',
          passages,
        });
        rows.push({
          question: q.question,
          rank: at >= 0 ? at + 1 : null,
          answer,
          answered: holds(answer, q.phrase),
        });
      }
      const corpusResults: string[][] = [];
      for (const q of corpus.questions) {
        const found = await searchKnowledge(app.ctx.database.db, {
          agentId: corpusAgent,
          query: q.question,
          limit: 5,
          expand,
        });
        corpusResults.push(found.passages.map((p) => p.content));
      }
      const corpusScores = score(corpus.questions, corpusResults);
      const ranks = corpus.questions.map(
        (q, i) => corpusResults[i]!.findIndex((c) => holds(c, q.phrase)) + 1 || null,
      );
      corpusRanks.push(ranks);
      const share = (n: number) => round(n / rows.length, 3);
      const label = expand ? 'after (vocabulary)' : 'before (as written)';
      summary.push({
        retrieval: label,
        'hit@1': share(rows.filter((r) => r.rank === 1).length),
        'hit@3': share(rows.filter((r) => r.rank !== null && r.rank <= 3).length),
        answer: share(rows.filter((r) => r.answered).length),
        'corpus R@5': corpusScores.recallAt5,
        'corpus MRR': corpusScores.mrr,
      });
      console.log(`\n${label}: questions whose answer misses the line`);
      for (const r of rows.filter((row) => !row.answered))
        console.log(`  ${r.question} (rank ${r.rank ?? '-'}) → ${r.answer.slice(0, 100)}`);
      console.log(`${label}: corpus questions not in the top 5:`, corpusScores.missed);
      results[expand ? 'after' : 'before'] = { rows, corpus: corpusScores };
    }
    const [before, after] = corpusRanks as [(number | null)[], (number | null)[]];
    const worse = corpus.questions
      .map((q, i) => ({ question: q.question, before: before[i] ?? null, after: after[i] ?? null }))
      .filter((r) => (r.after ?? 99) > (r.before ?? 99));
    console.log('\ncorpus questions ranked lower with the vocabulary:', worse);
    console.log(`\n${questions.length} customer questions, ${documents.length} PDFs, offline`);
    printTable(summary);
    const file = await writeResult('customer-questions', { summary, ...results });
    console.log(`wrote ${file}`);
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
