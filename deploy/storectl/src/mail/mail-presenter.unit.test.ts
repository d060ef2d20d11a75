import { notifications } from '@commerce/contracts';
import { presentMessage, presentMessageLine } from './mail-presenter';

describe('what mail list and mail show print', () => {
  const message = notifications.Message.fromPartial({
    id: 3,
    store_id: 9,
    kind: 'order_confirmation',
    order_id: 31,
    message_id: '<order-31.paid@shops.localhost>',
    to: 'ada@example.com',
    subject: 'Order #31 confirmed',
    status: 'kept',
    attempt_count: 0,
    created_at: new Date('2026-11-26T12:00:00Z'),
    updated_at: new Date('2026-11-26T12:00:00Z'),
    from: '"Tea Shop" <orders@shops.localhost>',
    reply_to: 'owner@example.com',
    text: 'Thank you',
    html: '<p>Thank you</p>',
  });

  it('lists a message by its id, kind, recipient, subject, status, attempts and creation in the store’s time zone', () => {
    expect(presentMessageLine(message, 'America/New_York')).toEqual({
      id: 3,
      kind: 'order_confirmation',
      to: 'ada@example.com',
      subject: 'Order #31 confirmed',
      status: 'kept',
      attempt_count: 0,
      created_at: '2026-11-26T07:00:00-05:00',
    });
  });

  it('shows the headers a recipient sees, the text part and the HTML', () => {
    expect(presentMessage(message, 'UTC')).toMatchObject({
      id: 3,
      headers: {
        from: '"Tea Shop" <orders@shops.localhost>',
        reply_to: 'owner@example.com',
        to: 'ada@example.com',
        subject: 'Order #31 confirmed',
        message_id: '<order-31.paid@shops.localhost>',
      },
      status: 'kept',
      attempts: [],
      sent_at: null,
      text: 'Thank you',
      html: '<p>Thank you</p>',
    });
  });
});
