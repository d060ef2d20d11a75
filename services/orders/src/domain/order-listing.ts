import type { StoredStatus } from './order';

/** The filter values of GET /v1/orders `status` (spec 3.1) and the stored status each matches. */
const STATUS_FILTERS: Readonly<Record<string, StoredStatus>> = {
  pending: 'pending',
  canceled: 'canceled',
  // "open" also matches Partially Shipped orders, which are stored as open.
  open: 'open',
  shipped: 'shipped',
  'on hold': 'on hold',
  failed: 'failed',
};

export const FILTER_VALUES = Object.keys(STATUS_FILTERS);

/** The stored status a filter value selects; undefined for an empty filter, null for an unknown one. */
export function statusFilter(value: string): StoredStatus | undefined | null {
  const normalized = value.trim().toLowerCase().replace(/[_+]/g, ' ').replace(/\s+/g, ' ');
  if (normalized === '') return undefined;
  return STATUS_FILTERS[normalized] ?? null;
}

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 250;

/** page ≥ 1 and limit in 1..250 (0 means the default), with the number of orders to skip. */
export function pageOf(page: number, limit: number): { page: number; limit: number; skip: number } {
  const safePage = Number.isSafeInteger(page) && page > 0 ? page : 1;
  const safeLimit = limit === 0 ? DEFAULT_LIMIT : Math.min(MAX_LIMIT, Math.max(1, Math.trunc(limit)));
  return { page: safePage, limit: safeLimit, skip: (safePage - 1) * safeLimit };
}
