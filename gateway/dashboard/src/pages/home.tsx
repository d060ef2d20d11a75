import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useClient } from '../api/client';
import { BarChart } from '../ui/bar-chart';
import { Failure, Loading } from '../ui/status';

/** Home (docs/dashboard.md#home): the store's visits of the last 8 weeks and 7 days, as charts. */
export function Home(): ReactNode {
  const client = useClient();
  const visits = useQuery({ queryKey: ['visits'], queryFn: async () => (await client.GET('/v1/store/visits')).data });
  return (
    <section>
      <h1>Home</h1>
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
