import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useClient } from '../api/client';
import { BarChart } from '../ui/bar-chart';
import { formatDecimal } from '../ui/format';
import { Failure, Loading } from '../ui/status';

/** Home (docs/dashboard.md#home): low-stock variants, and the store's visits of the last 8 weeks and 7 days as charts. */
export function Home(): ReactNode {
  const client = useClient();
  const visits = useQuery({ queryKey: ['visits'], queryFn: async () => (await client.GET('/v1/store/visits')).data });
  return (
    <section>
      <h1>Home</h1>
      <Sales />
      <LowStock />
      <h2>Visits</h2>
      {visits.isPending ? (
        <Loading what="visits" />
      ) : visits.isError ? (
        <Failure error={visits.error} retry={() => void visits.refetch()} />
      ) : (
        <div className="charts">
          <BarChart
            title="Visits by week, last 8 weeks"
            valueName="visits"
            innerName="visitors"
            points={visits.data.weekly_visits.map(({ weekly_visit: week }) => ({
              label: week.week,
              value: week.visits,
              inner: week.visitors,
            }))}
          />
          <BarChart
            title="Visits by day, last 7 days"
            valueName="visits"
            innerName="visitors"
            points={visits.data.daily_visits.map(({ daily_visit: day }) => ({
              label: day.day.slice(0, 3),
              value: day.visits,
              inner: day.visitors,
            }))}
          />
        </div>
      )}
    </section>
  );
}

/** At this stock or below, a variant needs the owner's attention. */
export const LOW_STOCK = 5;

/** The variants running out, lowest first (GET /v1/variants?in_stock_max=, docs/catalog.md#low-stock-variants). */
function LowStock(): ReactNode {
  const client = useClient();
  const low = useQuery({
    queryKey: ['low-stock'],
    queryFn: async () => {
      const answer = await client.GET('/v1/variants', { params: { query: { in_stock_max: LOW_STOCK, limit: 10 } } });
      return { variants: answer.data.variants, total: answer.pagination.total };
    },
  });
  return (
    <>
      <h2>Low stock</h2>
      {low.isPending ? (
        <Loading what="stock" />
      ) : low.isError ? (
        <Failure error={low.error} retry={() => void low.refetch()} />
      ) : low.data.variants.length === 0 ? (
        <p>Every variant has more than {LOW_STOCK} in stock.</p>
      ) : (
        <div className="table-scroll">
          <table className="list">
            <caption className="visually-hidden">
              {low.data.total} variant{low.data.total === 1 ? '' : 's'} with {LOW_STOCK} or fewer in stock
            </caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Variant</th>
                <th scope="col" className="number">
                  In stock
                </th>
              </tr>
            </thead>
            <tbody>
              {low.data.variants.map((variant) => (
                <tr key={variant.id}>
                  <td>
                    <Link to={`/products/${variant.product_id}`}>{variant.product_name}</Link>
                  </td>
                  <td>{variant.name}</td>
                  <td className="number">{variant.in_stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** Midnight of today and of the day six days before it, in the browser's time, as unix seconds. */
function periods(now = new Date()): Array<{ label: string; from: number }> {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const weekStart = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6);
  return [
    { label: 'Today', from: today.getTime() / 1000 },
    { label: 'Last 7 days', from: weekStart.getTime() / 1000 },
  ];
}

/** Orders and sales of today and of the last 7 days (GET /v1/orders/summary, docs/orders.md#sales-summary). */
function Sales(): ReactNode {
  const client = useClient();
  const sales = useQuery({
    queryKey: ['sales-summary'],
    queryFn: async () => {
      const until = Math.floor(Date.now() / 1000);
      return Promise.all(
        periods().map(async ({ label, from }) => {
          const query = { created_at_min: from, created_at_max: until };
          return { label, summary: (await client.GET('/v1/orders/summary', { params: { query } })).data };
        }),
      );
    },
  });
  return (
    <>
      <h2>Sales</h2>
      {sales.isPending ? (
        <Loading what="sales" />
      ) : sales.isError ? (
        <Failure error={sales.error} retry={() => void sales.refetch()} />
      ) : (
        <dl className="figures">
          {sales.data.map(({ label, summary }) => (
            <div key={label} className="figure">
              <dt>{label}</dt>
              <dd>
                <strong>{formatDecimal(summary.total_sales, summary.currency)}</strong>
                <span>
                  {summary.orders_count} order{summary.orders_count === 1 ? '' : 's'}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
