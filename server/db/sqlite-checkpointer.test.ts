import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqlite } from './sqlite';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the WAL checkpoint off the request thread', () => {
  it('copies a committed 4 MB write into the database file, with no automatic checkpoint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'karaoke-ckpt-'));
    dirs.push(dir);
    const db = openSqlite(dir);
    try {
      expect(await db.one<{ wal_autocheckpoint: number }>('PRAGMA wal_autocheckpoint')).toEqual({
        wal_autocheckpoint: 0,
      });
      await db.run('CREATE TABLE blobs (v TEXT NOT NULL)');
      const before = statSync(join(dir, 'karaoke.db')).size;
      await db.tx((tx) => tx.run('INSERT INTO blobs (v) VALUES (?)', 'x'.repeat(4_000_000)));
      // Only a checkpoint moves pages from the WAL into the database file.
      await vi.waitFor(
        () => expect(statSync(join(dir, 'karaoke.db')).size).toBeGreaterThan(before + 3_900_000),
        { timeout: 10_000, interval: 50 },
      );
      expect((await db.one<{ n: number }>('SELECT length(v) AS n FROM blobs'))?.n).toBe(4_000_000);
    } finally {
      await db.close();
    }
  });
});
