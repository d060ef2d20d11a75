// A page of messages (docs/notifications.md#the-message-log), as every cursor list of the API pages
// (docs/api-conventions.md#paging): the gateway passes `limit` through as sent; 50 unless asked, clamped to 1..250.
export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 250;

/** The page size for a requested `limit`: absent is the default, anything else clamped to 1..250. */
export const pageLimit = (requested: number | undefined): number =>
  requested === undefined ? DEFAULT_PAGE_LIMIT : Math.min(MAX_PAGE_LIMIT, Math.max(1, Math.trunc(requested) || 1));
