import type { Doc } from '../collection.port';
import { DuplicateKeyError } from '../duplicate-key.error';
import { valuesAt } from '../query/document-values';

export interface IndexDefinition {
  name: string;
  keys: Record<string, 1 | -1>;
  unique: boolean;
}

/** Suffix of the partial twin of a unique index, over the rows missing a key part. */
export const MISSING_SUFFIX = '/missing';

/**
 * SQLite's unique violation (`UNIQUE constraint failed: index '<collection>/<name>'`) as the port's
 * DuplicateKeyError, naming the index and the colliding key of `doc`; undefined for any other error.
 */
export function toDuplicateKeyError(
  err: unknown,
  collection: string,
  indexes: ReadonlyMap<string, IndexDefinition>,
  doc?: Doc,
): DuplicateKeyError | undefined {
  // Duck-typed: better-sqlite3 builds its errors in the main realm, which a test sandbox does not share.
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE' || typeof message !== 'string') return undefined;
  const sqlName = /index '([^']*)'/.exec(message)?.[1] ?? '';
  const name = sqlName.slice(collection.length + 1).replace(new RegExp(`${MISSING_SUFFIX}$`), '');
  const index = indexes.get(name);
  const keyValue =
    index && doc
      ? Object.fromEntries(Object.keys(index.keys).map((field) => [field, valuesAt(doc, field.split('.'))[0] ?? null]))
      : undefined;
  return new DuplicateKeyError({ index: index?.name ?? (name || undefined), keyValue, cause: err });
}
