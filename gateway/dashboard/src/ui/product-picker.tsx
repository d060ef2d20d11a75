import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useClient } from '../api/client';
import { Failure } from './status';

const PAGE_SIZE = 50;

/**
 * Picks one of the store's products: a select of one page of `GET /v1/products` (newest first) with buttons to the
 * pages around it, and the action's button. Products in `taken` show but cannot be picked again.
 */
export function ProductPicker(props: {
  id: string;
  label: string;
  actionLabel: string;
  pending: boolean;
  taken: ReadonlySet<number>;
  onPick: (product: { id: number; name: string }) => void;
  describedBy?: string;
}): ReactNode {
  const { id, label, actionLabel, pending, taken, onPick, describedBy } = props;
  const client = useClient();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState('');
  const products = useQuery({
    queryKey: ['products', { picker: true, page }],
    queryFn: async () => {
      const answer = await client.GET('/v1/products', { params: { query: { page, limit: PAGE_SIZE, sort_direction: 'desc' } } });
      return { products: answer.data.products, pages: answer.pagination.total_pages, total: answer.pagination.total };
    },
    placeholderData: keepPreviousData,
  });
  const offered = products.data?.products ?? [];
  const picked = offered.find((product) => String(product.id) === chosen && !taken.has(product.id));
  if (products.isError) return <Failure error={products.error} retry={() => void products.refetch()} />;
  return (
    <div className="picker">
      <label htmlFor={id}>{label}</label>
      <div className="picker-row">
        <select
          id={id}
          value={picked ? chosen : ''}
          onChange={(event) => setChosen(event.target.value)}
          aria-describedby={describedBy}
          aria-busy={products.isFetching}
        >
          <option value="">{products.isPending ? 'Loading products…' : 'Choose a product'}</option>
          {offered.map((product) => (
            <option key={product.id} value={product.id} disabled={taken.has(product.id)}>
              {product.name}
              {product.status === 'active' ? '' : ` (${product.status})`}
              {taken.has(product.id) ? ' — added' : ''}
            </option>
          ))}
        </select>
        <button type="button" disabled={!picked || pending} onClick={() => picked && onPick(picked)}>
          {pending ? 'Adding…' : actionLabel}
        </button>
      </div>
      {(products.data?.pages ?? 0) > 1 && (
        <p className="picker-pages">
          <button type="button" className="quiet" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer products
          </button>
          <span>
            Products {(page - 1) * PAGE_SIZE + 1}–{Math.min(page * PAGE_SIZE, products.data?.total ?? 0)} of {products.data?.total}
          </span>
          <button type="button" className="quiet" disabled={page >= (products.data?.pages ?? 1)} onClick={() => setPage(page + 1)}>
            Older products
          </button>
        </p>
      )}
    </div>
  );
}
