/** The one typed error for a unique-index violation on every engine (insert, update, upsert, index build). */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  /** Index name, MongoDB-style (`sku_1`) unless the index was given a name. */
  readonly index?: string;
  /** The colliding key, e.g. `{ storeId: 1, sku: 'A' }`. */
  readonly keyValue?: Record<string, unknown>;

  constructor(details: { index?: string; keyValue?: Record<string, unknown>; cause?: unknown }) {
    super(`Duplicate key${details.index ? ` on index ${details.index}` : ''}`, { cause: details.cause });
    this.index = details.index;
    this.keyValue = details.keyValue;
  }
}
