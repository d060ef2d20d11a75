import BetterSqlite3 from 'better-sqlite3';
import type { Database as SqliteHandle, Statement } from 'better-sqlite3';
import {
  BackgroundCheckpoint,
  DEFAULT_BACKGROUND_CHECKPOINT,
  FALLBACK_AUTOCHECKPOINT_PAGES,
  SQLITE_AUTOCHECKPOINT_PAGES,
  type BackgroundCheckpointOptions,
} from './background-checkpoint';

/** Prepared statements kept per SQL text; the collections' queries come in few shapes. */
const STATEMENT_CACHE_LIMIT = 1_000;

/**
 * One SQLite database (a file, or `:memory:`) with the settings docs/persistence.md#the-sqlite-settings fixes: 16 KB pages, WAL, and
 * synchronous=NORMAL (a commit survives the process being killed; only a power loss can take the last ones).
 * One process writes it (its collections keep state in memory); others may read it, see readEmbeddedCollection.
 *
 * Group commit: the writes of one turn of the event loop share one transaction, committed at `setImmediate`.
 * A failing write takes back only itself (one statement, or a savepoint around several). A write's promise
 * resolves only once its transaction committed, and so does a read made while a transaction is open: no
 * caller, and so no answer and no published event, ever sees a write a crash could still take back.
 *
 * A file that keeps being written has its WAL copied into it by a thread of its own (background-checkpoint.ts),
 * so no commit holds the event loop for a checkpoint.
 */
export class SqliteFile {
  private readonly handle: SqliteHandle;
  private readonly statements = new Map<string, Statement>();
  /** Moves on every write and every rollback: anything computed from the data at one value is still right while it stands. */
  private writes = 0;
  /** Callers waiting for the open transaction to commit; undefined while none is open. */
  private pending?: Array<{ resolve: () => void; reject: (err: unknown) => void }>;
  private commits = 0;
  /** When to start the checkpoint thread; false once it started, or for `:memory:` (no WAL) or when turned off. */
  private checkpointAfter: BackgroundCheckpointOptions | false;
  private checkpoint?: BackgroundCheckpoint;

  constructor(
    readonly location: string,
    options: { backgroundCheckpoint?: BackgroundCheckpointOptions | false } = {},
  ) {
    this.checkpointAfter = location === ':memory:' ? false : (options.backgroundCheckpoint ?? DEFAULT_BACKGROUND_CHECKPOINT);
    this.handle = new BetterSqlite3(location);
    try {
      this.handle.pragma('page_size = 16384');
      if (location !== ':memory:') {
        this.handle.pragma('journal_mode = WAL');
      }
      this.handle.pragma('synchronous = NORMAL');
      this.handle.pragma('busy_timeout = 5000');
      this.handle.exec(`
        CREATE TABLE IF NOT EXISTS _array_paths (
          collection TEXT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (collection, path)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS _indexes (
          collection TEXT NOT NULL, name TEXT NOT NULL, keys TEXT NOT NULL, is_unique INTEGER NOT NULL, PRIMARY KEY (collection, name)
        ) WITHOUT ROWID;
      `);
    } catch (err) {
      this.handle.close();
      throw err;
    }
  }

  /**
   * Runs `work` (synchronous SQL) in the current write group; resolves once the group is committed.
   * One statement is atomic by itself; work of several statements wraps them in `transaction()`.
   */
  write<R>(work: () => R): Promise<R> {
    if (!this.pending) {
      this.handle.exec('BEGIN');
      this.pending = [];
      setImmediate(() => this.commit());
    }
    this.writes += 1;
    let result: R;
    try {
      result = work();
    } catch (err) {
      return Promise.reject(err);
    }
    return this.afterCommit(result);
  }

  /** See `writes`: a cache keyed by it never answers from data a write or a rollback has changed since. */
  get generation(): number {
    return this.writes;
  }

  /** Runs `work` (synchronous SQL reads); while a write group is open, resolves once that group is committed. */
  read<R>(work: () => R): Promise<R> {
    let result: R;
    try {
      result = work();
    } catch (err) {
      return Promise.reject(err);
    }
    return this.pending ? this.afterCommit(result) : Promise.resolve(result);
  }

  /** For work already inside write(): answers the number of rows the statement changed. */
  run(sql: string, params: unknown[] = []): number {
    return this.statement(sql).run(...params).changes;
  }

  get<R extends unknown[]>(sql: string, params: unknown[] = []): R | undefined {
    return this.statement(sql)
      .raw(true)
      .get(...params) as R | undefined;
  }

  all<R extends unknown[]>(sql: string, params: unknown[] = []): R[] {
    return this.statement(sql)
      .raw(true)
      .all(...params) as R[];
  }

  /** Inside write(): runs `work` as a savepoint, so a throw takes back all of it and nothing else. */
  transaction<R>(work: () => R): R {
    return this.handle.transaction(work)();
  }

  /** Stops the checkpoint thread (the file's last connection then empties the WAL), commits what is pending, closes. */
  async close(): Promise<void> {
    const checkpoint = this.checkpoint;
    this.checkpoint = undefined;
    this.checkpointAfter = false;
    await checkpoint?.stop();
    // After the wait: a write made meanwhile is committed with the rest.
    this.commit();
    this.statements.clear();
    this.handle.close();
  }

  private afterCommit<R>(result: R): Promise<R> {
    return new Promise<R>((resolve, reject) => this.pending!.push({ resolve: () => resolve(result), reject }));
  }

  private commit(): void {
    const waiting = this.pending;
    if (!waiting) return;
    this.pending = undefined;
    try {
      this.handle.exec('COMMIT');
    } catch (err) {
      this.writes += 1;
      if (this.handle.inTransaction) this.handle.exec('ROLLBACK');
      for (const caller of waiting) caller.reject(err);
      return;
    }
    this.committed();
    for (const caller of waiting) caller.resolve();
  }

  private committed(): void {
    if (this.checkpoint) return this.checkpoint.committed();
    this.commits += 1;
    if (!this.checkpointAfter || this.commits < this.checkpointAfter.afterCommits) return;
    this.checkpoint = new BackgroundCheckpoint(this.location, this.checkpointAfter, () => {
      // The thread is gone: the writer checkpoints on its own again, as SQLite does by default.
      this.checkpoint = undefined;
      if (this.handle.open) this.handle.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    });
    this.checkpointAfter = false;
    this.handle.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
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
