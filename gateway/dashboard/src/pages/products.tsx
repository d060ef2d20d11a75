import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useClient, useStore } from '../api/client';
import { formatMoney, formatTime } from '../ui/format';
import { useListParams } from '../ui/list-params';
import { Pager } from '../ui/pager';
import { SearchBox } from '../ui/search-box';
import { Badge, Failure, Loading } from '../ui/status';

const FILTERS = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'coming soon', label: 'Coming soon' },
];
const PAGE_SIZE = 25;

/** Products (docs/dashboard.md#products): a page at a time, by status; the filter and page live in the address. */
export function Products(): ReactNode {
  const client = useClient();
  const currency = useStore().data?.currency ?? 'USD';
  const { status, page, q, go } = useListParams();
  const products = useQuery({
    queryKey: ['products', { status, page, q }],
    queryFn: async () => {
      const query = { page, limit: PAGE_SIZE, ...(status ? { status } : {}), ...(q ? { q } : {}) };
      const answer = await client.GET('/v1/products', { params: { query } });
      return { products: answer.data.products, pages: answer.pagination.total_pages };
    },
    placeholderData: keepPreviousData,
  });
  return (
    <section>
      <div className="heading">
        <h1>Products</h1>
        <Link className="button" to="/products/new">
          Add product
        </Link>
      </div>
      <SearchBox label="Search products by name or SKU" value={q} onSearch={(text) => go({ q: text })} />
      <nav aria-label="Product status" className="filters">
        {FILTERS.map((filter) => (
          <button key={filter.value} type="button" aria-pressed={filter.value === status} onClick={() => go({ status: filter.value })}>
            {filter.label}
          </button>
        ))}
      </nav>
      {products.isPending ? (
        <Loading what="products" />
      ) : products.isError ? (
        <Failure error={products.error} retry={() => void products.refetch()} />
      ) : products.data.products.length === 0 ? (
        <p>{q ? `No product matches “${q}”.` : `No products${status ? ` with the status “${status}”` : ''} yet.`}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="list" aria-busy={products.isFetching}>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Photo</span>
                  </th>
                  <th scope="col">Product</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="number">
                    In stock
                  </th>
                  <th scope="col" className="number">
                    Price
                  </th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {products.data.products.map((product) => {
                  const photo = product.photos[0]?.photo;
                  const stock = product.variants.reduce((sum, { variant }) => sum + variant.in_stock, 0);
                  return (
                    <tr key={product.id}>
                      <td className="thumb">{photo ? <img src={photo['64sq']} alt="" width={32} height={32} /> : null}</td>
                      <td>
                        <Link to={`/products/${product.id}`}>{product.name}</Link>
                      </td>
                      <td>
                        <Badge value={product.status} />
                      </td>
                      <td className="number">{stock}</td>
                      <td className="number">{formatMoney(product.cents, currency)}</td>
                      <td>{formatTime(product.updated_at)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={products.data.pages} onPage={(next) => go({ page: next })} />
        </>
      )}
    </section>
  );
}
