// The paging rule of the orders list (docs/orders.md#listing): the gateway passes `page` and `limit` through as sent.

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 250;

/** page at least 1 (0: the first); limit absent is 50, anything else clamped to 1..250; with the number of orders to skip. */
export function pageOf(page: number, limit: number | undefined): { page: number; limit: number; skip: number } {
  const safePage = Number.isSafeInteger(page) && page > 0 ? page : 1;
  const safeLimit = limit === undefined ? DEFAULT_LIMIT : Math.min(MAX_LIMIT, Math.max(1, Math.trunc(limit) || 1));
  return { page: safePage, limit: safeLimit, skip: (safePage - 1) * safeLimit };
}
