import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { startJobRunner } from '../jobs/runner';
import { adminDatabaseUrl, databaseUrlFor, testDatabaseKind } from './test-env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** embedded: path of a migrated PGlite data-directory dump each test copies */
    pgliteTemplate: string;
    /** postgres: name of a migrated template database each test clones */
    pgTemplate: string;
  }
}

/**
 * Prepares one migrated database per run: a fresh PGlite costs ~3–5 s, a copy of a
 * prepared one ~1 s; on PostgreSQL `CREATE DATABASE … TEMPLATE` takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const logger = pino({ level: 'silent' });
  if (testDatabaseKind() === 'postgres') {
    const name = `aab_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const database = await openDatabase({ dataDir: '', databaseUrl: databaseUrlFor(name) });
    await runMigrations(database);
    const jobs = await startJobRunner({ database, role: 'web', logger });
    await jobs.stop();
    await database.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'aab-template-'));
  const database = await openDatabase({ dataDir: path.join(dir, 'data') });
  await runMigrations(database);
  const jobs = await startJobRunner({ database, role: 'web', logger });
  await jobs.stop();
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
