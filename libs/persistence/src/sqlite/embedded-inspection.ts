import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Database, Doc, Filter, FindOptions } from '../collection.port';
import { decodeRow } from './side-fields';
import { DATABASE_FILE, SqliteDatabase } from './sqlite.engine';

/**
 * The documents of one collection of an embedded data directory, read through a read-only connection
 * while the owning service may be running (WAL lets a reader in). For tests and operators; services use the port.
 */
export function readEmbeddedCollection<T extends Doc = Doc>(dir: string, collection: string): T[] {
  const file = join(dir, DATABASE_FILE);
  if (!existsSync(file)) return [];
  const reader = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const table = reader.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(`c_${collection}`);
    if (!table) return [];
    // A table the service has not opened since the side column came (side-fields.ts) holds its whole documents in `doc`.
    const columns = reader.prepare(`PRAGMA table_info("c_${collection}")`).all() as Array<{ name: string }>;
    const side = columns.some((column) => column.name === 'side') ? 'json(side)' : 'NULL';
    return (
      reader.prepare(`SELECT json(doc), ${side} FROM "c_${collection}" ORDER BY pk`).raw().all() as Array<[string, string | null]>
    ).map(([json, sideJson]) => decodeRow<T>(json, sideJson));
  } finally {
    reader.close();
  }
}

/**
 * Every byte the embedded store of a data directory holds on disk (database and write-ahead log), as text: to prove a
 * secret is not in it.
 */
export async function embeddedStoreBytes(dir: string): Promise<string> {
  const parts = await Promise.all(
    ['', '-wal'].map((suffix) => readFile(join(dir, `${DATABASE_FILE}${suffix}`)).catch(() => Buffer.alloc(0))),
  );
  return Buffer.concat(parts).toString('latin1');
}

/**
 * The indexes of one collection of an embedded data directory: those recorded as the port's (`_indexes`), and the
 * SQL indexes built on its table (`<collection>/<name>`, and `<collection>/<name>/missing` for a unique one's twin).
 */
export function readEmbeddedIndexes(dir: string, collection: string): { recorded: string[]; built: string[] } {
  const file = join(dir, DATABASE_FILE);
  if (!existsSync(file)) return { recorded: [], built: [] };
  const reader = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const recorded = reader.prepare('SELECT name FROM _indexes WHERE collection = ? ORDER BY name').pluck().all(collection) as string[];
    const built = reader
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name")
      .pluck()
      .all(`c_${collection}`) as string[];
    return { recorded, built };
  } finally {
    reader.close();
  }
}

/** How a SQLite engine (file or memory) runs a query on a collection: `SqliteDatabase.explain`, for tests and diagnosis. */
export function explainEmbeddedQuery(
  db: Database,
  collection: string,
  filter: Filter,
  options: FindOptions & { count?: boolean } = {},
): { plan: string[]; exact: boolean } {
  if (!(db instanceof SqliteDatabase)) throw new TypeError(`explainEmbeddedQuery needs a SQLite engine, not ${db.engine}`);
  return db.explain(collection, filter, options);
}
