import type { Filter } from '../collection.port';

/**
 * NeDB seeds an upserted doc from the filter with `$`-keys stripped but keeps `{ qty: { $gt: 1 } }`
 * as `qty: {}`; MongoDB seeds only equality fields. Moving operator conditions under `$and`
 * (which NeDB drops) gives the same doc on both engines without changing what the filter matches.
 */
export function upsertSeedFilter(filter: Filter): Filter {
  const seed: Filter = {};
  const conditions: Filter[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(condition)) conditions.push(...(condition as Filter[]));
    else if (field.startsWith('$') || !isOperatorObject(condition)) seed[field] = condition;
    else conditions.push({ [field]: condition });
  }
  return conditions.length === 0 ? seed : { ...seed, $and: conditions };
}

function isOperatorObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date) return false;
  return Object.keys(value).some((key) => key.startsWith('$'));
}
