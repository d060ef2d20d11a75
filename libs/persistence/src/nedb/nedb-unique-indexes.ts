import { DuplicateKeyError } from '../duplicate-key.error';

/** What NeDB's index tree throws on a unique violation: the colliding key, but not which index. */
export interface NedbUniqueViolation extends Error {
  errorType: 'uniqueViolated';
  key: unknown;
}

export interface UniqueIndex {
  name: string;
  fields: string[];
}

export function isUniqueViolation(err: unknown): err is NedbUniqueViolation {
  return err instanceof Error && (err as Partial<NedbUniqueViolation>).errorType === 'uniqueViolated';
}

/**
 * Remembers the unique indexes created through the port so a NeDB violation can be reported
 * like MongoDB's: index name plus `{ field: value }`.
 */
export class NedbUniqueIndexes {
  private readonly byFields = new Map<string, UniqueIndex>();

  add(index: UniqueIndex): void {
    this.byFields.set(fieldsKey(index.fields), index);
  }

  /** Picks the violated index: the candidate (by key shape) under which a stored doc already holds the colliding key. */
  async resolve(err: NedbUniqueViolation, count: (query: Record<string, unknown>) => Promise<number>): Promise<DuplicateKeyError> {
    const candidates = [...this.byFields.values()].filter((index) => (index.fields.length > 1) === isCompoundKey(err.key, index.fields));
    for (const index of candidates) {
      if ((await count(keyValueOf(err.key, index))) > 0) return this.duplicateKeyError(err, [index]);
    }
    // A missing field cannot be probed by equality; name the index only when no other could have collided.
    return this.duplicateKeyError(err, err.key === undefined && candidates.length === 1 ? candidates : []);
  }

  duplicateKeyError(err: NedbUniqueViolation, candidates: UniqueIndex[]): DuplicateKeyError {
    const index = candidates.length === 1 ? candidates[0] : undefined;
    return new DuplicateKeyError({ index: index?.name, keyValue: index ? keyValueOf(err.key, index) : undefined, cause: err });
  }
}

function keyValueOf(key: unknown, index: UniqueIndex): Record<string, unknown> {
  return index.fields.length > 1 ? { ...(key as Record<string, unknown>) } : { [index.fields[0]]: key };
}

function isCompoundKey(key: unknown, fields: string[]): boolean {
  if (key === null || typeof key !== 'object' || Array.isArray(key) || key instanceof Date) return false;
  return fieldsKey(Object.keys(key)) === fieldsKey(fields);
}

/** NeDB names a compound index by its sorted fields. */
function fieldsKey(fields: string[]): string {
  return [...fields].sort().join(',');
}
