import { useSearchParams } from 'react-router';

export interface ListParams {
  status: string;
  page: number;
  q: string;
  /**
   * Another filter, search or page: kept in the address (back, forward and a shared link work);
   * a new filter or search starts at page 1.
   */
  go(next: { status?: string; page?: number; q?: string }): void;
}

/** A list's status filter, search text and page number, as the address holds them (docs/dashboard.md#pages). */
export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  return {
    status,
    page,
    q,
    go(next) {
      const query = new URLSearchParams();
      const nextQ = next.q ?? q;
      const nextStatus = next.status ?? status;
      if (nextQ) query.set('q', nextQ);
      if (nextStatus) query.set('status', nextStatus);
      if ((next.page ?? 1) > 1) query.set('page', String(next.page));
      setParams(query);
    },
  };
}
