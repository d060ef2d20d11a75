// A page of messages (docs/notifications.md#the-message-log): 50 by default, 1..250, like every list of the API.
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 250;

/** The page size asked, within bounds; 0 (unset) is the default. */
export const pageSize = (limit: number): number => (limit <= 0 ? DEFAULT_LIMIT : Math.min(limit, MAX_LIMIT));
