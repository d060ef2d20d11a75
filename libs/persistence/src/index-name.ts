/** MongoDB's default index name (`storeId_1_sku_-1`), so both engines report the same name in errors. */
export function defaultIndexName(keys: Record<string, 1 | -1>): string {
  return Object.entries(keys)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');
}
