import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useClient, useStore } from '../api/client';
import { BarChart } from '../ui/bar-chart';
import { formatDecimal } from '../ui/format';
import { salesOfLastDays } from '../ui/sales-days';
import { Failure, Loading } from '../ui/status';
import { knownZone } from '../ui/store-time';

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

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Orders and sales of the store's today and of its last 7 days (docs/dashboard.md#home): one summary of the last 8 days
 * (GET /v1/orders/summary, docs/orders.md#sales-summary), whose `by_day` splits them by the store's local dates (DST days
 * of 23 or 25 hours included), so the browser's zone plays no part. 8 days reach back past the start of the sixth local
 * day before today in any zone; the first day, cut, is not read.
 */
function Sales(): ReactNode {
  const client = useClient();
  const zone = useStore().data?.time_zone;
  const sales = useQuery({
    queryKey: ['sales-summary'],
    queryFn: async () => {
      const until = Math.floor(Date.now() / 1000);
      const query = { created_at_min: until - 8 * DAY_SECONDS, created_at_max: until };
      const summary = (await client.GET('/v1/orders/summary', { params: { query } })).data;
      return {
        currency: summary.currency,
        periods: [
          { label: 'Today', ...salesOfLastDays(summary.by_day, 1) },
          { label: 'Last 7 days', ...salesOfLastDays(summary.by_day, 7) },
        ],
      };
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
        <>
          <dl className="figures">
            {sales.data.periods.map((period) => (
              <div key={period.label} className="figure">
                <dt>{period.label}</dt>
                <dd>
                  <strong>{formatDecimal(period.total_sales, sales.data.currency)}</strong>
                  <span>
                    {period.orders_count} order{period.orders_count === 1 ? '' : 's'}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
          <p className="hint">Days in the store’s time zone{zone ? ` (${knownZone(zone)})` : ''}.</p>
        </>
      )}
    </>
  );
}
