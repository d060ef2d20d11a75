import { GrpcStatus } from '@commerce/grpc-runtime';
import { freePort, rejectionOf, waitFor } from '@commerce/testing';
import { aStore, anOrder, orderEvent, startNotificationsHarness, type NotificationsHarness } from './notifications.fixture';

let harness: NotificationsHarness;

let metricsPort: number;

beforeAll(async () => {
  metricsPort = await freePort();
  harness = await startNotificationsHarness({ env: { METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' } });
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

afterEach(() => harness.smtp.answer('accept'));

const mailTo = (address: string) => harness.smtp.received.filter((received) => received.envelopeTo.includes(address));
const messagesOf = async (storeId: number, orderId?: number) =>
  (await harness.client.listMessages({ store_id: storeId, order_id: orderId ?? 0, older_than_id: 0, status: '' })).messages;

describe('order/paid', () => {
  it('sends the buyer a confirmation and the store an alert, once each, with a Message-ID made of the event', async () => {
    const storeId = await aStore(harness, { name: 'Leaf & Co' });
    const order = anOrder({ email: 'ada.paid@buyer.test' });
    const event = orderEvent(storeId, 'order/paid', order);
    await harness.publish(event);

    const [confirmation] = await waitFor(() => {
      const arrived = mailTo('ada.paid@buyer.test');
      return arrived.length > 0 ? arrived : undefined;
    });
    const { mail, envelopeTo, envelopeFrom } = confirmation;
    expect(envelopeTo).toEqual(['ada.paid@buyer.test']);
    expect(envelopeFrom).toBe('orders@platform.test');
    expect(mail.from?.value).toEqual([{ name: 'Leaf & Co', address: 'orders@platform.test' }]);
    expect(mail.replyTo?.value[0].address).toMatch(/^owner\d+@shop\.test$/);
    expect(mail.messageId).toBe(`<${event.id}.order_confirmation@platform.test>`);
    expect(mail.subject).toContain(String(order.id));
    expect(mail.html).toContain('Green Tea');
    expect(mail.html).toContain('$33.00');
    expect(mail.text).toContain('Green Tea');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');

    const store = (await harness.stores.getStore({ store_id: storeId })).store!;
    const alert = await waitFor(() => mailTo(store.support_email)[0]);
    expect(alert.mail.messageId).toBe(`<${event.id}.new_order_alert@platform.test>`);
    expect(alert.mail.replyTo?.value[0].address).toBe('ada.paid@buyer.test');

    // The same event again (a redelivery): nothing new is made or sent.
    await harness.publish({ ...event });
    const messages = await waitFor(async () => {
      const listed = await messagesOf(storeId);
      return listed.every((message) => message.status === 'sent') ? listed : undefined;
    });
    expect(messages.map((message) => message.kind).sort()).toEqual(['new_order_alert', 'order_confirmation']);
    expect(messages.every((message) => message.attempt_count === 1 && message.attempts[0].outcome === 'sent')).toBe(true);
    expect(mailTo('ada.paid@buyer.test')).toHaveLength(1);
  });

  it('escapes what the buyer typed in the body; a name with a line break stays in the subject, adding no header or recipient', async () => {
    const storeId = await aStore(harness);
    await harness.client.updateEmailTemplate({
      store_id: storeId,
      template_id: 'order_confirmation',
      subject: 'Thanks {{ order.address.name }}',
      reset: false,
    });
    const order = anOrder({
      email: 'mallory@buyer.test',
      address: { ...(anOrder().address as object), name: 'Mal <script>alert(1)</script>\r\nBcc: victim@elsewhere.test' },
    });
    await harness.publish(orderEvent(storeId, 'order/paid', order));

    const { mail, envelopeTo, raw } = await waitFor(() => mailTo('mallory@buyer.test')[0]);
    expect(envelopeTo).toEqual(['mallory@buyer.test']);
    expect(mail.bcc).toBeUndefined();
    expect(mail.subject).toBe('Thanks Mal <script>alert(1)</script> Bcc: victim@elsewhere.test');
    // The header section (up to the first empty line) has no Bcc line: a line break in a value started no header.
    expect(raw.slice(0, raw.indexOf('\r\n\r\n'))).not.toMatch(/^Bcc:/im);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(harness.smtp.received.some((received) => received.envelopeTo.includes('victim@elsewhere.test'))).toBe(false);
  });
});

describe('shipping confirmation', () => {
  it('is sent for a shipment that asked to notify the customer, and not for one that did not', async () => {
    const storeId = await aStore(harness);
    const order = anOrder({ email: 'ship@buyer.test' });
    const fulfillment = (id: number, notify: boolean, tracking: string) => ({
      id,
      order_id: order.id,
      items: [(order.items as unknown[])[0]],
      tracking_number: tracking,
      shipping_company: 'UPS',
      note_to_customer: 'Enjoy',
      notify_customer: notify,
      created_at: '2026-03-02T10:00:00-05:00',
      updated_at: '2026-03-02T10:00:00-05:00',
    });
    await harness.publish(
      orderEvent(storeId, 'order/shipped', { ...order, status: 'Partially Shipped', fulfillments: [fulfillment(1, false, 'QUIET1')] }, 3),
    );
    const shipped = { ...order, status: 'shipped', fulfillments: [fulfillment(1, false, 'QUIET1'), fulfillment(2, true, '1Z999')] };
    await harness.publish(orderEvent(storeId, 'order/shipped', shipped, 4));

    const { mail } = await waitFor(() => mailTo('ship@buyer.test')[0]);
    expect(mail.html).toContain('1Z999');
    expect(mail.text).toContain('UPS');
    const messages = await messagesOf(storeId);
    expect(messages.map((message) => message.kind)).toEqual(['shipping_confirmation']);
  });
});

describe('delivery', () => {
  it('retries a temporary refusal on the schedule, then sends; a permanent refusal fails at once with the answer', async () => {
    const storeId = await aStore(harness, { support_email: '' });
    harness.smtp.answer({ code: 451, text: 'Greylisted, try again later' });
    const order = anOrder({ email: 'retry@buyer.test' });
    await harness.publish(orderEvent(storeId, 'order/paid', order));

    const [pending] = await waitFor(async () => {
      const listed = await messagesOf(storeId);
      return listed[0]?.attempt_count === 1 ? listed : undefined;
    });
    expect(pending.status).toBe('pending');
    expect(pending.last_error).toBe('451 Greylisted, try again later');
    expect(pending.attempts[0]).toMatchObject({ outcome: 'retry', answer: '451 Greylisted, try again later' });
    // The first retry is due 4 to 6 seconds later.
    const wait = pending.next_attempt_at!.getTime() - pending.attempts[0].attempted_at!.getTime();
    expect(wait).toBeGreaterThanOrEqual(3_900);
    expect(wait).toBeLessThanOrEqual(6_100);

    harness.smtp.answer('accept');
    const [sent] = await waitFor(
      async () => {
        const listed = await messagesOf(storeId);
        return listed[0]?.status === 'sent' ? listed : undefined;
      },
      { timeoutMs: 15_000 },
    );
    expect(sent.attempts.map((attempt) => attempt.outcome)).toEqual(['retry', 'sent']);
    expect(mailTo('retry@buyer.test')).toHaveLength(1);

    harness.smtp.answer({ code: 550, text: 'No such mailbox' });
    await harness.publish(orderEvent(storeId, 'order/canceled', { ...order, status: 'canceled' }, 5));
    const failed = await waitFor(async () => (await messagesOf(storeId)).find((message) => message.status === 'failed'));
    expect(failed).toMatchObject({ kind: 'cancellation_notice', attempt_count: 1, last_error: '550 No such mailbox' });

    // The metrics count each attempt by its outcome (docs/operations.md#metrics).
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    for (const outcome of ['sent', 'retry', 'failed']) {
      const count = Number(new RegExp(`^mail_send_attempts_total\\{[^}]*outcome="${outcome}"[^}]*\\} (\\d+)`, 'm').exec(metrics)?.[1] ?? 0);
      expect({ outcome, counted: count >= 1 }).toEqual({ outcome, counted: true });
    }
    expect(metrics).toMatch(/^mail_delivery_latency_seconds_count(\{[^}]*\})? [1-9]/m);
  }, 30_000);
});

describe('the message log', () => {
  it("lists a store's messages newest first, shows one with its content, and answers another store's as NOT_FOUND", async () => {
    const storeId = await aStore(harness);
    const other = await aStore(harness);
    await harness.publish(orderEvent(storeId, 'order/paid', anOrder({ email: 'log@buyer.test' })));
    const listed = await waitFor(async () => {
      const messages = await messagesOf(storeId);
      return messages.length === 2 ? messages : undefined;
    });
    expect(listed[0].id).toBeGreaterThan(listed[1].id);

    const { message } = await harness.client.getMessage({ store_id: storeId, message_id: listed[0].id });
    expect(message!.html).toContain('<');
    expect(message!.text.length).toBeGreaterThan(0);
    expect(message!.from).toMatch(/^".*" <orders@platform\.test>$/);

    expect((await rejectionOf(harness.client.getMessage({ store_id: other, message_id: listed[0].id }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect(await messagesOf(other)).toEqual([]);
  });
});

describe('e-mail templates', () => {
  it('lists every kind for a store that changed none, and an update applies to that store alone until reset', async () => {
    const storeId = await aStore(harness);
    const other = await aStore(harness);
    const { email_templates } = await harness.client.listEmailTemplates({ store_id: storeId });
    expect(email_templates.map((template) => [template.id, template.recipient, template.customized])).toEqual([
      ['order_confirmation', 'buyer', false],
      ['shipping_confirmation', 'buyer', false],
      ['refund_notice', 'buyer', false],
      ['cancellation_notice', 'buyer', false],
      ['new_order_alert', 'store', false],
    ]);

    const { email_template } = await harness.client.updateEmailTemplate({
      store_id: storeId,
      template_id: 'cancellation_notice',
      subject: 'Order {{ order.id }} is off',
      reset: false,
    });
    expect(email_template).toMatchObject({ subject: 'Order {{ order.id }} is off', customized: true });
    expect(email_template!.body).toBe(email_templates[3].body);
    expect(
      (await harness.client.getEmailTemplate({ store_id: other, template_id: 'cancellation_notice' })).email_template!.customized,
    ).toBe(false);

    const preview = await harness.client.previewEmailTemplate({ store_id: storeId, template_id: 'cancellation_notice' });
    expect(preview.subject).toMatch(/^Order \d+ is off$/);
    const unsaved = await harness.client.previewEmailTemplate({
      store_id: storeId,
      template_id: 'cancellation_notice',
      body: '<p>{{ store.name }}</p>',
    });
    expect(unsaved.html).toContain('<p>Tea Shop');

    const reset = await harness.client.updateEmailTemplate({ store_id: storeId, template_id: 'cancellation_notice', reset: true });
    expect(reset.email_template).toMatchObject({ subject: email_templates[3].subject, customized: false });
  });

  it('refuses markup that does not parse or runs past the limits, naming the field, and an unknown kind is NOT_FOUND', async () => {
    const storeId = await aStore(harness);
    const broken = await rejectionOf(
      harness.client.updateEmailTemplate({ store_id: storeId, template_id: 'order_confirmation', body: '{% if %}', reset: false }),
    );
    expect(broken.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(Object.keys(broken.fieldViolations ?? {})).toEqual(['body']);
    const runaway = await rejectionOf(
      harness.client.updateEmailTemplate({
        store_id: storeId,
        template_id: 'order_confirmation',
        body: '{% for i in (1..100000000) %}{{ i }}{% endfor %}',
        reset: false,
      }),
    );
    expect(runaway.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(
      (await harness.client.getEmailTemplate({ store_id: storeId, template_id: 'order_confirmation' })).email_template!.customized,
    ).toBe(false);
    expect((await rejectionOf(harness.client.getEmailTemplate({ store_id: storeId, template_id: 'welcome' }))).code).toBe(
      GrpcStatus.NOT_FOUND,
    );
  });
});
