import { DuplicateKeyError, type Database, type Doc } from '@commerce/persistence';
import type { Logger } from '@commerce/observability';

/**
 * A one-time change to a service's stored data (a field added to old documents, a renamed key). Numbered from 1
 * within its scope and never renumbered; once it has run on a database it is recorded there and never runs again.
 * A crash between the work and the record runs it again at the next start, so `run` must be safe to repeat.
 */
export interface Migration {
  id: number;
  /** What it does, in a line (kept in the record). */
  name: string;
  run(db: Database): Promise<void>;
}

/** The record of one migration that ran: `_id` is `<scope>/<id>`. */
export interface MigrationRecord extends Doc {
  _id: string;
  name: string;
  ran_at: Date;
}

export const MIGRATIONS_COLLECTION = '_migrations';

/**
 * Runs, in id order, the migrations of each scope that this database has no record of, recording each one
 * as soon as it has run. Scopes: `host` (the platform's own, e.g. the outbox flag) and `service` (the service's).
 */
export async function runMigrations(db: Database, scoped: Record<string, readonly Migration[]>, logger: Logger): Promise<void> {
  const records = db.collection<MigrationRecord>(MIGRATIONS_COLLECTION);
  for (const [scope, migrations] of Object.entries(scoped)) {
    for (const migration of inOrder(scope, migrations)) {
      const _id = `${scope}/${migration.id}`;
      if (await records.findOne({ _id })) continue;
      const startedAt = Date.now();
      await migration.run(db);
      await records.insertOne({ _id, name: migration.name, ran_at: new Date() }).catch((error: unknown) => {
        if (!(error instanceof DuplicateKeyError)) throw error; // another replica, starting at the same moment, recorded it
      });
      logger.info({ migration: _id, name: migration.name, ms: Date.now() - startedAt }, 'data migration ran');
    }
  }
}

function inOrder(scope: string, migrations: readonly Migration[]): Migration[] {
  const sorted = [...migrations].sort((a, b) => a.id - b.id);
  sorted.forEach((migration, index) => {
    if (!Number.isSafeInteger(migration.id) || migration.id < 1)
      throw new Error(`migration ${scope}/${migration.id}: ids are positive integers`);
    if (index > 0 && sorted[index - 1]!.id === migration.id) throw new Error(`migration ${scope}/${migration.id} is declared twice`);
  });
  return sorted;
}
