import { notifications } from '@commerce/contracts';
import { emailTemplateJson, presentEmailTemplate } from './email-template.presenter';
import {
  notificationJson,
  notificationWithContentJson,
  presentNotification,
  presentNotificationWithContent,
} from './notification.presenter';

const ZONE = 'America/New_York';
const AT = new Date('2026-03-01T15:00:00Z');
const LATER = new Date('2026-03-01T15:00:05Z');

const aMessage = (overrides: Partial<notifications.Message> = {}): notifications.Message =>
  notifications.Message.fromPartial({
    id: 12,
    store_id: 7,
    kind: 'order_confirmation',
    event_id: 'evt-1',
    order_id: 31,
    message_id: '<evt-1.order_confirmation@shops.localhost>',
    to: 'ann@example.com',
    subject: 'Your Tea House order #31',
    status: 'sent',
    attempt_count: 2,
    attempts: [
      { attempted_at: AT, outcome: 'retry', answer: '451 4.7.1 greylisted, try again later', duration_ms: 40 },
      { attempted_at: LATER, outcome: 'sent', answer: '250 2.0.0 queued as 9A1', duration_ms: 12 },
    ],
    last_error: '451 4.7.1 greylisted, try again later',
    sent_at: LATER,
    created_at: AT,
    updated_at: LATER,
    html: '<p>Thanks</p>',
    text: 'Thanks',
    from: '"Tea House" <orders@shops.localhost>',
    reply_to: 'shop@example.com',
    ...overrides,
  });

describe('presentEmailTemplate', () => {
  const template = notifications.EmailTemplate.fromPartial({
    id: 'refund_notice',
    name: 'Refund notice',
    recipient: 'buyer',
    subject: 'A refund for order #{{ order.id }}',
    body: '<p>{{ refund.amount | money: order.currency }}</p>',
    customized: true,
    updated_at: AT,
  });

  it("renders the store's own template with its change time in the store's zone", () => {
    expect(presentEmailTemplate(template, ZONE)).toEqual({
      id: 'refund_notice',
      name: 'Refund notice',
      recipient: 'buyer',
      subject: 'A refund for order #{{ order.id }}',
      body: '<p>{{ refund.amount | money: order.currency }}</p>',
      customized: true,
      updated_at: '2026-03-01T10:00:00-05:00',
    });
  });

  it('renders updated_at as null while the default applies, and fits its answer schema either way', () => {
    const defaulted = presentEmailTemplate({ ...template, customized: false, updated_at: undefined }, ZONE);
    expect(defaulted).toMatchObject({ customized: false, updated_at: null });
    expect(emailTemplateJson.safeParse(defaulted).success).toBe(true);
    expect(emailTemplateJson.safeParse(presentEmailTemplate(template, ZONE)).success).toBe(true);
  });
});

describe('presentNotification', () => {
  it("renders a message of the log in the store's zone, attempts oldest first, without its content", () => {
    expect(presentNotification(aMessage(), ZONE)).toEqual({
      id: 12,
      kind: 'order_confirmation',
      order_id: 31,
      to: 'ann@example.com',
      subject: 'Your Tea House order #31',
      status: 'sent',
      attempt_count: 2,
      attempts: [
        { attempted_at: '2026-03-01T10:00:00-05:00', outcome: 'retry', answer: '451 4.7.1 greylisted, try again later', duration_ms: 40 },
        { attempted_at: '2026-03-01T10:00:05-05:00', outcome: 'sent', answer: '250 2.0.0 queued as 9A1', duration_ms: 12 },
      ],
      last_error: '451 4.7.1 greylisted, try again later',
      next_attempt_at: null,
      sent_at: '2026-03-01T10:00:05-05:00',
      created_at: '2026-03-01T10:00:00-05:00',
      updated_at: '2026-03-01T10:00:05-05:00',
      message_id: '<evt-1.order_confirmation@shops.localhost>',
    });
  });

  it('renders what a new pending message lacks as null, and fits the strict answer schema', () => {
    const pending = aMessage({
      status: 'pending',
      attempt_count: 0,
      attempts: [],
      last_error: undefined,
      sent_at: undefined,
      next_attempt_at: AT,
    });
    const rendered = presentNotification(pending, ZONE);
    expect(rendered).toMatchObject({ attempts: [], last_error: null, sent_at: null, next_attempt_at: '2026-03-01T10:00:00-05:00' });
    expect(notificationJson.safeParse(rendered).success).toBe(true);
    expect(notificationJson.safeParse(presentNotificationWithContent(pending, ZONE)).success).toBe(false);
  });
});

describe('presentNotificationWithContent', () => {
  it('adds the HTML, the text and the From and Reply-To headers', () => {
    const rendered = presentNotificationWithContent(aMessage(), ZONE);
    expect(rendered).toEqual({
      ...presentNotification(aMessage(), ZONE),
      html: '<p>Thanks</p>',
      text: 'Thanks',
      from: '"Tea House" <orders@shops.localhost>',
      reply_to: 'shop@example.com',
    });
    expect(notificationWithContentJson.safeParse(rendered).success).toBe(true);
  });
});
