import { webhooks } from '@commerce/contracts';
import { presentDelivery } from './delivery.presenter';

const AT = new Date('2026-03-01T15:00:00Z');

describe('presentDelivery', () => {
  it("renders a final delivery in the store's zone: nulls for what is absent, error null on a 2xx", () => {
    const delivery = webhooks.Delivery.fromPartial({
      id: 8,
      webhook_id: 3,
      event_id: 'e-1',
      topic: 'order/paid',
      status: 'failed',
      attempts: [
        {
          id: 1,
          attempt: 1,
          error: 'connect ECONNREFUSED 127.0.0.1:9',
          succeeded: false,
          attempted_at: AT,
          duration_ms: 3,
          next_attempt_at: new Date('2026-03-01T15:00:05Z'),
        },
        {
          id: 2,
          attempt: 2,
          status_code: 200,
          error: '',
          succeeded: true,
          attempted_at: new Date('2026-03-01T15:00:05Z'),
          duration_ms: 12,
        },
      ],
      last_error: 'the event is no longer kept',
      created_at: AT,
      updated_at: AT,
    });

    expect(presentDelivery(delivery, 'America/New_York')).toEqual({
      id: 8,
      webhook_id: 3,
      event_id: 'e-1',
      topic: 'order/paid',
      status: 'failed',
      attempts: [
        {
          id: 1,
          attempt: 1,
          status_code: null,
          succeeded: false,
          duration_ms: 3,
          error: 'connect ECONNREFUSED 127.0.0.1:9',
          attempted_at: '2026-03-01T10:00:00-05:00',
          next_attempt_at: '2026-03-01T10:00:05-05:00',
        },
        {
          id: 2,
          attempt: 2,
          status_code: 200,
          succeeded: true,
          duration_ms: 12,
          error: null,
          attempted_at: '2026-03-01T10:00:05-05:00',
          next_attempt_at: null,
        },
      ],
      next_attempt_at: null,
      last_error: 'the event is no longer kept',
      created_at: '2026-03-01T10:00:00-05:00',
      updated_at: '2026-03-01T10:00:00-05:00',
    });
  });
});
