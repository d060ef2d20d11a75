export const PRODUCTS_PER_PAGE = 20;
export const COLLECTIONS_PER_PAGE = 50;
export const MAX_PAGE_SIZE = 250;

export interface PageRequest {
  page: number;
  limit: number;
}

/** 0 means the default; anything else is clamped to 1..MAX_PAGE_SIZE (page to at least 1). */
export function pageOf(page: number, limit: number, defaultLimit: number): PageRequest & { skip: number } {
  const safePage = Number.isSafeInteger(page) && page > 0 ? page : 1;
  const safeLimit = !Number.isSafeInteger(limit) || limit <= 0 ? defaultLimit : Math.min(limit, MAX_PAGE_SIZE);
  return { page: safePage, limit: safeLimit, skip: (safePage - 1) * safeLimit };
}
