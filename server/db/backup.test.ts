import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backupDataDir, restoreDataDir } from './backup';
import { openDatabase, queryRows } from './client';
import { runMigrations } from './migrate';
import { testTempDir } from '../test/temp-dir';

describe('embedded database backup and restore', () => {
  it('restores exactly what was backed up, and refuses while the database is open', async () => {
    const root = testTempDir('aab-backup-');
    const source = path.join(root, 'source');
    const db = await openDatabase({ dataDir: source });
    await runMigrations(db);
    await db.db.execute(
      sql`INSERT INTO users (username, password_hash, name, email) VALUES ('joana', 'x', 'Joana', 'j@e.com')`,
    );
    const file = path.join(root, 'backup.tar.gz');
    await expect(backupDataDir(source, file)).rejects.toThrow(/already open in this process/);
    await db.close();

    await backupDataDir(source, file);
    const target = path.join(root, 'target');
    await restoreDataDir(target, file);
    await expect(restoreDataDir(target, file)).rejects.toThrow(/not empty/);
    const restored = await openDatabase({ dataDir: target });
    const rows = await queryRows(restored.db, sql`SELECT username FROM users`);
    await restored.close();
    expect(rows).toEqual([{ username: 'joana' }]);
  }, 60_000);
});
