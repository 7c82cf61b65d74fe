import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../db/client';
import { makeLongText } from '../../test/fixtures/hostile-documents';
import {
  clonePostgresTemplate,
  copyEmbeddedTemplate,
  dropPostgresDatabase,
  freePort,
} from '../../test/harness';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { upload } from '../../test/knowledge-helpers';
import { spawnServer, type SpawnedServer } from '../../test/spawn-server';
import { databaseUrlFor, testDatabaseKind } from '../../test/test-env';
import { chunkSegments } from './chunk';

/**
 * The real server process killed with SIGKILL while a document is being processed, then started
 * again on the same data: the document is processed again from the start and is ready within a
 * minute, with one set of chunks. On PostgreSQL several processes may work jobs, so nothing is
 * assumed orphaned at start: the job's heartbeat stops, and a worker hands it back.
 */
let dataDir: string;
let port: number;
let pgName: string | null = null;
let server: SpawnedServer | null = null;

const base = () => `http://127.0.0.1:${port}`;

function start(): SpawnedServer {
  return spawnServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base(),
    APP_SECRET: 'resume-test-secret-0123456789abcdefghij',
    LOG_LEVEL: 'info',
    ...(pgName ? { DATABASE_URL: databaseUrlFor(pgName) } : {}),
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'aab-resume-'));
  port = await freePort();
  if (testDatabaseKind() === 'postgres') {
    pgName = await clonePostgresTemplate();
    return;
  }
  // The prepared database, as the harness starts from it: creating one is most of a first start.
  copyEmbeddedTemplate(dataDir);
});

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exit;
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (pgName) await dropPostgresDatabase(pgName);
});

type Doc = { id: number; processingStatus: string; totalChunks: number };

async function statusOf(client: HttpClient, agentId: number, id: number) {
  const list = await client.get<Doc[]>(`/api/agents/${agentId}/documents`);
  return list.status === 200 ? list.body.find((d) => d.id === id) : undefined;
}

/** Polls until `done` holds; the last document seen otherwise, in the error. */
async function waitForStatus(
  client: HttpClient,
  agentId: number,
  id: number,
  done: (doc: Doc) => boolean,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  let doc: Doc | undefined;
  while (Date.now() < deadline) {
    doc = await statusOf(client, agentId, id);
    if (doc && done(doc)) return doc;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`document ${id} still ${JSON.stringify(doc)}:\n${server?.output()}`);
}

describe('kill -9 while a document is processed', () => {
  it('processes it again after the restart, ready within a minute, with one set of chunks', async () => {
    server = start();
    await server.ready;
    const { client } = await signedInClient(base());
    const agent = await client.post('/api/agents', { name: 'Loja', systemPrompt: 'Atenda.' });
    const agentId = agent.body.id as number;
    const text = makeLongText(1_500_000);
    const res = await upload(client, agentId, text, 'manual.txt');
    expect(res.status, res.text).toBe(201);
    const id = res.body.id as number;

    const caught = await waitForStatus(
      client,
      agentId,
      id,
      (d) => d.processingStatus !== 'pending',
      30_000,
    );
    expect(caught.processingStatus).toBe('processing');
    server.child.kill('SIGKILL');
    await server.exit;

    server = start();
    await server.ready;
    const restarted = Date.now();
    const doc = await waitForStatus(
      client,
      agentId,
      id,
      (d) => d.processingStatus === 'ready',
      60_000,
    );
    expect(Date.now() - restarted).toBeLessThan(60_000);
    const expected = chunkSegments([{ text: text.toString('utf8') }]).length;
    expect(doc.totalChunks).toBe(expected);

    // What the interrupted attempt had written is gone: one set of chunks.
    server.child.kill('SIGTERM');
    await server.exit;
    const database = await openDatabase({
      dataDir,
      databaseUrl: pgName ? databaseUrlFor(pgName) : undefined,
    });
    try {
      const [row] = await queryRows<{ chunks: number }>(
        database.db,
        sql`SELECT count(*)::int AS chunks FROM document_chunks WHERE document_id = ${id}`,
      );
      expect(row?.chunks).toBe(expected);
    } finally {
      await database.close();
    }
  }, 120_000);
});
