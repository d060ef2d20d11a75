import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Doc } from '../collection.port';
import { decodeDocument } from './document-codec';
import { DATABASE_FILE } from './sqlite.engine';

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
    return reader
      .prepare(`SELECT json(doc) FROM "c_${collection}" ORDER BY pk`)
      .pluck()
      .all()
      .map((json) => decodeDocument<T>(json as string));
  } finally {
    reader.close();
  }
}

/** Every byte the embedded store of a data directory holds on disk (database and write-ahead log), as text: to prove a secret is not in it. */
export async function embeddedStoreBytes(dir: string): Promise<string> {
  const parts = await Promise.all(['', '-wal'].map((suffix) => readFile(join(dir, `${DATABASE_FILE}${suffix}`)).catch(() => Buffer.alloc(0))));
  return Buffer.concat(parts).toString('latin1');
}
