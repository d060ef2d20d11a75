import type { catalog } from '@commerce/contracts';

/** Renders timestamps in UTC, URLs relative and prices in USD if catalog ever answers without its store context. */
const NO_CONTEXT: catalog.StoreContext = { time_zone: 'UTC', subdomain: '', url: '', currency: 'USD' };

/** The store context every catalog answer carries, for the presenters. */
export function storeContextOf(response: { store_context?: catalog.StoreContext | undefined }): catalog.StoreContext {
  return response.store_context ?? NO_CONTEXT;
}

/** The record a successful catalog answer must hold; its absence is a backend bug, so a 500 (logged). */
export function recordOf<T>(record: T | undefined, what: string): T {
  if (record === undefined) throw new Error(`catalog answered without a ${what}`);
  return record;
}
