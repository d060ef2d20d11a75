import { useSearchParams } from 'react-router';

export interface ListParams<Status extends string = string> {
  /** The status filter; '' is none, and so is a status the list does not offer. */
  status: Status | '';
  /** The page number, from 1 (`page`). */
  page: number;
  /** The search text (`q`). */
  q: string;
  /** The cursor of a list paged by id, newest first (`older_than_id`); 0 is the newest page. */
  olderThan: number;
  /**
   * Another filter, search, page or cursor: kept in the address (back, forward and a shared link work). The filter and
   * the search stay until changed; the page and the cursor go back to the first unless given.
   */
  go(next: { status?: string; page?: number; q?: string; olderThan?: number }): void;
}

/**
 * A list's status filter, search text, page number and cursor, as the address holds them (docs/dashboard.md#pages).
 * `statuses`, when given, are the filters the list offers; any other `status` in the address reads as none.
 */
export function useListParams<Status extends string = string>(statuses?: readonly Status[]): ListParams<Status> {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') ?? '';
  const status = (!statuses || (statuses as readonly string[]).includes(asked) ? asked : '') as Status | '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const olderThan = Math.max(0, Number(params.get('older_than_id')) || 0);
  return {
    status,
    page,
    q,
    olderThan,
    go(next) {
      const query = new URLSearchParams();
      const nextQ = next.q ?? q;
      const nextStatus = next.status ?? status;
      if (nextQ) query.set('q', nextQ);
      if (nextStatus) query.set('status', nextStatus);
      if ((next.page ?? 1) > 1) query.set('page', String(next.page));
      if (next.olderThan) query.set('older_than_id', String(next.olderThan));
      setParams(query);
    },
  };
}
