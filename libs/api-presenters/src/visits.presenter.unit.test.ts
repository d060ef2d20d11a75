import { storefront } from '@commerce/contracts';
import { presentStoreVisits } from './visits.presenter';

describe('presentStoreVisits', () => {
  it('wraps each week and day in its docs/visits.md#definitions key, in the order given', () => {
    const response = storefront.GetStoreVisitsResponse.fromPartial({
      weekly_visits: [
        { week: '11/15/26', visits: 3, visitors: 2 },
        { week: '11/22/26', visits: 0, visitors: 0 },
      ],
      daily_visits: [
        { day: 'Monday', visits: 1, visitors: 1 },
        { day: 'Tuesday', visits: 0, visitors: 0 },
      ],
    });
    expect(presentStoreVisits(response)).toEqual({
      weekly_visits: [
        { weekly_visit: { week: '11/15/26', visits: 3, visitors: 2 } },
        { weekly_visit: { week: '11/22/26', visits: 0, visitors: 0 } },
      ],
      daily_visits: [
        { daily_visit: { day: 'Monday', visits: 1, visitors: 1 } },
        { daily_visit: { day: 'Tuesday', visits: 0, visitors: 0 } },
      ],
    });
  });
});
