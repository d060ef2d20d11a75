import { webhooks } from '@commerce/contracts';
import { presentWebhook } from './webhook.presenter';

const CREATED = new Date('2026-03-01T15:00:00Z');
const UPDATED = new Date('2026-03-02T16:30:05Z');

describe('presentWebhook', () => {
  it("renders the record of docs/webhooks.md#the-record in the store's zone, disabled_reason null while active", () => {
    const webhook = webhooks.Webhook.fromPartial({
      id: 4,
      url: 'https://example.com/hook',
      events: ['order/paid', 'shipping_group/*'],
      status: 'active',
      created_at: CREATED,
      updated_at: UPDATED,
    });

    expect(presentWebhook(webhook, 'America/New_York')).toEqual({
      id: 4,
      url: 'https://example.com/hook',
      events: ['order/paid', 'shipping_group/*'],
      status: 'active',
      disabled_reason: null,
      created_at: '2026-03-01T10:00:00-05:00',
      updated_at: '2026-03-02T11:30:05-05:00',
    });
  });

  it('names why a disabled webhook is disabled', () => {
    const webhook = webhooks.Webhook.fromPartial({
      id: 4,
      status: 'disabled',
      disabled_reason: 'the receiver answered 410 Gone',
      created_at: CREATED,
      updated_at: UPDATED,
    });
    expect(presentWebhook(webhook, 'UTC')).toMatchObject({
      status: 'disabled',
      disabled_reason: 'the receiver answered 410 Gone',
      created_at: '2026-03-01T15:00:00+00:00',
    });
  });
});
