import { loadConfig } from '../config';
import { backupDataDir, restoreDataDir } from '../db/backup';

/**
 * `npm run db:backup [-- file]` and `npm run db:restore -- file` for the embedded database.
 * Stop the server first: a running server holds the DATA_DIR lock.
 */
async function main() {
  const [command, fileArg] = process.argv.slice(2);
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump instead.');
  }
  if (command === 'backup') {
    const file =
      fileArg ?? `backup-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.tar.gz`;
    const bytes = await backupDataDir(config.DATA_DIR, file);
    console.warn(`backup written to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
    return;
  }
  if (command === 'restore' && fileArg) {
    await restoreDataDir(config.DATA_DIR, fileArg);
    console.warn(`restored ${fileArg} into ${config.DATA_DIR}`);
    return;
  }
  throw new Error('usage: db backup [file] | db restore <file>');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
