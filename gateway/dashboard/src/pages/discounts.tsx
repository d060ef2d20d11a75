import type { components } from '@commerce/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useClient, useStore } from '../api/client';
import { formatMoney, formatTime } from '../ui/format';
import { useListParams } from '../ui/list-params';
import { Pager } from '../ui/pager';
import { Failure, Loading } from '../ui/status';

type Discount = components['schemas']['Discount'];

const PAGE_SIZE = 25;

/** What a code takes off, as the owner reads it: "12.5% off", "$5.00 off", "Free shipping". */
export function discountOff(discount: Pick<Discount, 'kind' | 'value'>, currency: string): string {
  if (discount.kind === 'percentage') return `${discount.value}% off`;
  if (discount.kind === 'fixed_amount') return `${formatMoney(discount.value, currency)} off`;
  return 'Free shipping';
}

function appliesTo(discount: Discount): string {
  const parts = [
    discount.product_ids.length > 0 ? `${discount.product_ids.length} product${discount.product_ids.length === 1 ? '' : 's'}` : '',
    discount.collection_ids.length > 0
      ? `${discount.collection_ids.length} collection${discount.collection_ids.length === 1 ? '' : 's'}`
      : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Whole cart';
}

function activeWhen(discount: Discount): string {
  if (!discount.starts_at && !discount.ends_at) return 'Always';
  if (!discount.ends_at) return `From ${formatTime(discount.starts_at)}`;
  if (!discount.starts_at) return `Until ${formatTime(discount.ends_at)}`;
  return `${formatTime(discount.starts_at)} – ${formatTime(discount.ends_at)}`;
}

/** Discount codes (docs/dashboard.md#discount-codes): oldest first, a page at a time, with how often each was used. */
export function Discounts(): ReactNode {
  const client = useClient();
  const currency = useStore().data?.currency ?? 'USD';
  const { page, go } = useListParams();
  const discounts = useQuery({
    queryKey: ['discounts', { page }],
    queryFn: async () => {
      const answer = await client.GET('/v1/discounts', { params: { query: { page, limit: PAGE_SIZE } } });
      return { discounts: answer.data.discounts, pages: answer.pagination.total_pages };
    },
    placeholderData: keepPreviousData,
  });
  return (
    <section>
      <div className="heading">
        <h1>Discount codes</h1>
        <Link className="button" to="/discounts/new">
          Add discount code
        </Link>
      </div>
      {discounts.isPending ? (
        <Loading what="discount codes" />
      ) : discounts.isError ? (
        <Failure error={discounts.error} retry={() => void discounts.refetch()} />
      ) : discounts.data.discounts.length === 0 ? (
        <p>No discount codes yet.</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="list" aria-busy={discounts.isFetching}>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Discount</th>
                  <th scope="col" className="number">
                    Minimum
                  </th>
                  <th scope="col">Applies to</th>
                  <th scope="col">Active</th>
                  <th scope="col" className="number">
                    Used
                  </th>
                </tr>
              </thead>
              <tbody>
                {discounts.data.discounts.map((discount) => (
                  <tr key={discount.id}>
                    <td>
                      <Link to={`/discounts/${discount.id}`}>{discount.code}</Link>
                    </td>
                    <td>{discountOff(discount, currency)}</td>
                    <td className="number">{discount.minimum_subtotal > 0 ? formatMoney(discount.minimum_subtotal, currency) : '—'}</td>
                    <td>{appliesTo(discount)}</td>
                    <td>{activeWhen(discount)}</td>
                    <td className="number">
                      {discount.usage_limit === null ? discount.times_used : `${discount.times_used} of ${discount.usage_limit}`}
                      {discount.once_per_customer ? ' (once each)' : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={discounts.data.pages} onPage={(next) => go({ page: next })} />
        </>
      )}
    </section>
  );
}
