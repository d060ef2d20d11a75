// The paging rule of the deliveries API and the events feed (docs/api-conventions.md#paging): 50 a page unless asked, 250 at most.

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 250;

/** The page size for a requested `limit` (0: the default); a negative one is refused before it gets here. */
export const pageLimit = (requested: number): number => Math.min(requested || DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT);
