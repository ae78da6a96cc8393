import type Database from 'better-sqlite3';
import type { Db } from './database';

const caches = new WeakMap<Db, Map<string, Database.Statement>>();

/** A prepared statement, prepared once per connection (task polling runs these thousands of times). */
export function stmt(db: Db, sql: string): Database.Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}

export function one<T>(db: Db, sql: string, ...params: unknown[]): T | undefined {
  return stmt(db, sql).get(...params) as T | undefined;
}

export function all<T>(db: Db, sql: string, ...params: unknown[]): T[] {
  return stmt(db, sql).all(...params) as T[];
}

export function run(db: Db, sql: string, ...params: unknown[]): Database.RunResult {
  return stmt(db, sql).run(...params);
}
