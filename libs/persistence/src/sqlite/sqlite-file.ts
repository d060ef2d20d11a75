import BetterSqlite3 from 'better-sqlite3';
import type { Database as SqliteHandle, Statement } from 'better-sqlite3';

/** Prepared statements kept per SQL text; the collections' queries come in few shapes. */
const STATEMENT_CACHE_LIMIT = 1_000;

/**
 * One SQLite database (a file, or `:memory:`) with the settings DESIGN §4 fixes: 16 KB pages, WAL, and
 * synchronous=NORMAL (a commit survives the process being killed; only a power loss can take the last ones).
 * One process writes it (its collections keep state in memory); others may read it, see readEmbeddedCollection.
 */
export class SqliteFile {
  private readonly handle: SqliteHandle;
  private readonly statements = new Map<string, Statement>();

  constructor(readonly location: string) {
    this.handle = new BetterSqlite3(location);
    try {
      this.handle.pragma('page_size = 16384');
      if (location !== ':memory:') {
        this.handle.pragma('journal_mode = WAL');
      }
      this.handle.pragma('synchronous = NORMAL');
      this.handle.pragma('busy_timeout = 5000');
      this.handle.exec(`
        CREATE TABLE IF NOT EXISTS _array_paths (collection TEXT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (collection, path)) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS _indexes (collection TEXT NOT NULL, name TEXT NOT NULL, keys TEXT NOT NULL, is_unique INTEGER NOT NULL, PRIMARY KEY (collection, name)) WITHOUT ROWID;
      `);
    } catch (err) {
      this.handle.close();
      throw err;
    }
  }

  /** Runs a write; answers the number of rows it changed. */
  run(sql: string, params: unknown[] = []): number {
    return this.statement(sql).run(...params).changes;
  }

  get<R extends unknown[]>(sql: string, params: unknown[] = []): R | undefined {
    return this.statement(sql).raw(true).get(...params) as R | undefined;
  }

  all<R extends unknown[]>(sql: string, params: unknown[] = []): R[] {
    return this.statement(sql).raw(true).all(...params) as R[];
  }

  /** Runs `work` in one transaction (a savepoint when nested); a throw rolls all of it back. */
  transaction<R>(work: () => R): R {
    return this.handle.transaction(work)();
  }

  close(): void {
    this.statements.clear();
    this.handle.close();
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) this.statements.clear();
      statement = this.handle.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
