import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { embeddedDataPath, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { startJobRunner } from '../jobs/runner';
import { provideServerBundle } from './server-bundle';
import { adminDatabaseUrl, databaseUrlFor, testDatabaseKind } from './test-env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** embedded: a migrated PGlite data directory, closed, that each test copies */
    pgliteTemplate: string;
    /** postgres: name of a migrated template database each test clones */
    pgTemplate: string;
  }
}

/**
 * Prepares one migrated database per run, and the server bundle (server-bundle.ts). A fresh
 * PGlite costs ~3–5 s; a test starts on a copy of this one's closed data directory (a file copy:
 * ~0.1 s, where loading a 44 MB dump of it into a new PGlite cost ~1 s and 1.3 s of CPU); on
 * PostgreSQL `CREATE DATABASE … TEMPLATE` takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const logger = pino({ level: 'silent' });
  const removeBundle = provideServerBundle(project);
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
      removeBundle();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'aab-template-'));
  const dataDir = path.join(dir, 'data');
  const database = await openDatabase({ dataDir });
  await runMigrations(database);
  const jobs = await startJobRunner({ database, role: 'web', logger });
  await jobs.stop();
  await database.close();
  project.provide('pgliteTemplate', embeddedDataPath(dataDir));
  project.provide('pgTemplate', '');
  return () => {
    rmSync(dir, { recursive: true, force: true });
    removeBundle();
  };
}
