import { MongoBulkWriteError, MongoServerError } from 'mongodb';
import { DuplicateKeyError } from '../duplicate-key.error';

const DUPLICATE_KEY = 11000;

/** Turns MongoDB's E11000 (single write, bulk insert or index build) into the port's DuplicateKeyError; anything else passes through. */
export function toDuplicateKeyError(err: unknown, indexFields: ReadonlyMap<string, string[]>): unknown {
  if (!(err instanceof MongoServerError) || err.code !== DUPLICATE_KEY) return err;
  const message = typeof err.errmsg === 'string' ? err.errmsg : err.message;
  const index = /index: (\S+) dup key/.exec(message)?.[1];
  return new DuplicateKeyError({ index, keyValue: keyValueOf(err, index, indexFields), cause: err });
}

function keyValueOf(
  err: MongoServerError,
  index: string | undefined,
  indexFields: ReadonlyMap<string, string[]>,
): Record<string, unknown> | undefined {
  if (isRecord(err.keyValue)) return err.keyValue;
  // Bulk write errors drop keyValue; rebuild it from the failing document and the index's fields.
  const fields = index === undefined ? undefined : indexFields.get(index);
  const writeError = err instanceof MongoBulkWriteError ? [err.writeErrors].flat()[0] : undefined;
  const failed: unknown = writeError?.getOperation();
  if (!fields || !isRecord(failed)) return undefined;
  return Object.fromEntries(fields.map((field) => [field, valueAt(failed, field)]));
}

function valueAt(doc: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, part) => (isRecord(value) ? value[part] : undefined), doc);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
