import type { StoredStatus } from './order';

/** The filter values of GET /v1/orders `status` (docs/orders.md#statuses) and the stored status each matches. */
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
