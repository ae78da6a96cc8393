import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrationSql } from './migrations';

/**
 * A shipped migration is never edited: databases created with it are recognised as up to date by
 * its number alone (docs/adr/0020). Its SQL for each database is pinned here; a new migration adds
 * a line, an edited one fails.
 */
const SHIPPED: Record<string, { sqlite: string; postgres: string }> = {
  '1 0001-initial': {
    sqlite: '2615706a42a93bd5a5d6b200e20ddbc7f278597a9bf5b53ab6d94d1e10c42c84',
    postgres: 'f59967e9ca715ac3a2421a0fed7772edd7c952fc76f607c804e82368f91ee7f8',
  },
  '2 0002-task-leases': {
    sqlite: 'd736ce09c3cda8a263285fed3945a1368869942a075a3f7600e9f2754a5e4eaa',
    postgres: 'd736ce09c3cda8a263285fed3945a1368869942a075a3f7600e9f2754a5e4eaa',
  },
  '3 0003-export-tasks': {
    sqlite: 'b1b4aa5e0a61cb214719985de71378fea3f3871c1e8266aa68b63745d7b04402',
    postgres: 'b1b4aa5e0a61cb214719985de71378fea3f3871c1e8266aa68b63745d7b04402',
  },
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('migrations', () => {
  it('are numbered 1, 2, 3, ... in order', () => {
    expect(MIGRATIONS.map((m) => m.id)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it.each(Object.keys(SHIPPED))('keep the shipped SQL of %s byte for byte', (name) => {
    const migration = MIGRATIONS.find((m) => `${m.id} ${m.name}` === name);
    expect(migration).toBeDefined();
    if (!migration) return;
    expect({
      sqlite: sha256(migrationSql(migration, 'sqlite')),
      postgres: sha256(migrationSql(migration, 'postgres')),
    }).toEqual(SHIPPED[name]);
  });
});
