// The low-stock list's threshold (docs/catalog.md#low-stock-variants).

import type { FieldViolations } from '@commerce/grpc-runtime';

/** `in_stock_max`: required, a whole number of units, 0 and up. */
export function lowStockThresholdViolations(inStockMax: number | undefined): FieldViolations {
  if (inStockMax === undefined) return { in_stock_max: ['is required'] };
  return Number.isSafeInteger(inStockMax) && inStockMax >= 0 ? {} : { in_stock_max: ['must be a whole number, at least 0'] };
}
