import type { ReactNode } from 'react';

/** Previous and next through numbered pages, with where we are. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }): ReactNode {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="pager">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
