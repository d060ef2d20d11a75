import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useClient } from '../api/client';
import { formatDecimal, formatTime } from '../ui/format';
import { useListParams } from '../ui/list-params';
import { Pager } from '../ui/pager';
import { SearchBox } from '../ui/search-box';
import { Badge, Failure, Loading } from '../ui/status';

/** The list's status filters, as GET /v1/orders takes them (docs/orders.md#listing); "" is every order. */
const FILTERS = [
  { value: '', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'on hold', label: 'On hold' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'pending', label: 'Pending' },
  { value: 'canceled', label: 'Canceled' },
  { value: 'failed', label: 'Failed' },
];
const PAGE_SIZE = 25;

/** Orders (docs/dashboard.md#orders): newest first, by status, a page at a time; the filter and page live in the address. */
export function Orders(): ReactNode {
  const client = useClient();
  const { status, page, q, go } = useListParams();
  const orders = useQuery({
    queryKey: ['orders', { status, page, q }],
    queryFn: async () => {
      const query = { page, limit: PAGE_SIZE, ...(status ? { status } : {}), ...(q ? { q } : {}) };
      const answer = await client.GET('/v1/orders', { params: { query } });
      return { orders: answer.data.orders, pages: answer.pagination.total_pages };
    },
    placeholderData: keepPreviousData,
  });
  return (
    <section>
      <h1>Orders</h1>
      <SearchBox label="Search by order number or e-mail" value={q} onSearch={(text) => go({ q: text })} />
      <nav aria-label="Order status" className="filters">
        {FILTERS.map((filter) => (
          <button key={filter.value} type="button" aria-pressed={filter.value === status} onClick={() => go({ status: filter.value })}>
            {filter.label}
          </button>
        ))}
      </nav>
      {orders.isPending ? (
        <Loading what="orders" />
      ) : orders.isError ? (
        <Failure error={orders.error} retry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <p>{q ? `No order matches “${q}”.` : `No orders${status ? ` with the status “${status}”` : ''} yet.`}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="list" aria-busy={orders.isFetching}>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Buyer</th>
                  <th scope="col">Status</th>
                  <th scope="col">Payment</th>
                  <th scope="col" className="number">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.data.orders.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <Link to={`/orders/${order.id}`}>#{order.id}</Link>
                    </td>
                    <td>{formatTime(order.paid_at ?? order.updated_at)}</td>
                    <td>{order.email}</td>
                    <td>
                      <Badge value={order.status} />
                    </td>
                    <td>
                      <Badge value={order.financial_status.replace(/_/g, ' ')} />
                    </td>
                    <td className="number">{formatDecimal(order.price, order.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={orders.data.pages} onPage={(next) => go({ page: next })} />
        </>
      )}
    </section>
  );
}
