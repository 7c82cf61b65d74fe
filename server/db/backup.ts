import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { embeddedDataPath, openDatabase } from './client';
import { runMigrations } from './migrate';

/**
 * Backups of the embedded database as PGlite data-directory dumps (gzip tarballs). The database
 * must not be open elsewhere: the DATA_DIR lock makes that a clear error rather than a torn copy.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<number> {
  if (!existsSync(embeddedDataPath(dataDir))) {
    throw new Error(`There is no embedded database in ${dataDir}.`);
  }
  const database = await openDatabase({ dataDir });
  try {
    const dump = await database.pglite!.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    writeFileSync(file, bytes);
    return bytes.length;
  } finally {
    await database.close();
  }
}

export async function restoreDataDir(dataDir: string, file: string): Promise<void> {
  const target = embeddedDataPath(dataDir);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new Error(`${target} is not empty; restore into a new DATA_DIR.`);
  }
  const seed = new Blob([readFileSync(file)]);
  const database = await openDatabase({ dataDir, seed });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
}
