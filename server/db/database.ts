import type BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { MIGRATIONS } from './migrations';

export type Db = BetterSqlite3.Database;

// A plain require: vite's SSR module runner (npm run dev, vitest) would otherwise try to inline
// this CommonJS native addon as ESM and fail with "module is not defined".
const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;

/** Opens DATA_DIR/karaoke.db in WAL mode (other processes, like the keys CLI, may open it too). */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'karaoke.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // The keys CLI and the service may write at the same moment: wait instead of failing.
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

export function migrate(db: Db): void {
  for (const migration of MIGRATIONS) {
    db.transaction(() => {
      // Read inside the write lock: two processes may start on a fresh directory together.
      const current = db.pragma('user_version', { simple: true }) as number;
      if (migration.id <= current) return;
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.id}`);
    }).immediate();
  }
}
