// The paging rule of catalog's lists (docs/api-conventions.md#paging): the gateway passes `page` and `limit` through as sent.

export const PRODUCTS_PER_PAGE = 20;
export const COLLECTIONS_PER_PAGE = 50;
export const LOW_STOCK_VARIANTS_PER_PAGE = 50;
export const MAX_PAGE_SIZE = 250;

export interface PageRequest {
  page: number;
  limit: number;
}

/** page at least 1 (0: the first); limit absent is the list's default, anything else clamped to 1..MAX_PAGE_SIZE. */
export function pageOf(page: number, limit: number | undefined, defaultLimit: number): PageRequest & { skip: number } {
  const safePage = Number.isSafeInteger(page) && page > 0 ? page : 1;
  const safeLimit = limit === undefined ? defaultLimit : Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(limit) || 1));
  return { page: safePage, limit: safeLimit, skip: (safePage - 1) * safeLimit };
}
