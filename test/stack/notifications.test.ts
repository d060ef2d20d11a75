import { startSmtpReceiver, waitFor, type ReceivedMail, type SmtpReceiver } from '@commerce/testing';
import { checkout, checkoutParams, isPlaced, stockShop, type StockedShop } from '../support/orders.fixture';
import { requestSite } from '../support/site.client';
import { storectl, type JsonBody } from '../support/stack.harness';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/**
 * Issue 34 (docs/notifications.md): through the whole stack and a real SMTP server (smtp-server, read with mailparser),
 * a buyer's checkout, shipments, a refund and a cancel reach the buyer's inbox and the shop's; the store's own
 * templates apply to it alone; the message log answers through the API; the confirmation page's receipt sentence
 * is true; another store sees none of it.
 */

let world: TwoStoreStack;
let smtp: SmtpReceiver;
let shop: StockedShop;
let buyers = 0;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  world = await startTwoStoreStack('mail', ['mailshop', 'mailrival'], { SMTP_URL: smtp.url, MAIL_FROM: 'orders@platform.test' });
  shop = await stockShop(world.shop, [
    { name: 'Oolong', cents: 1500, stock: [500] },
    { name: 'Kettle', cents: 4000, stock: [500] },
  ]);
});

afterAll(async () => {
  await world?.stop();
  await smtp?.stop();
});

/** A paid order of one Oolong and one Kettle by a buyer of its own; answers its id, the buyer's address and its page. */
async function paidOrder(): Promise<{ id: number; email: string; confirmationUrl: string; body: JsonBody }> {
  const email = `buyer${++buyers}@mail.test`;
  const lines = shop.products.map((product) => ({ variant_id: product.variantIds[0], quantity: 1 }));
  const placed = await checkout(
    world.stack.baseUrl,
    world.subdomains[0],
    checkoutParams(lines, { email, shipping_class_id: shop.classId }),
  );
  if (!isPlaced(placed.status)) throw new Error(`checkout answered ${placed.status}: ${JSON.stringify(placed.body)}`);
  const data = placed.body!.data as JsonBody;
  return { id: data.id as number, email, confirmationUrl: placed.body!.meta.confirmation_url as string, body: data };
}

const inbox = (address: string) => smtp.received.filter((received) => received.envelopeTo.includes(address));
const kindOf = (received: ReceivedMail) => /\.([a-z_]+)@/.exec(received.messageId)?.[1];
const mailOf = (address: string, kind: string, count = 1) =>
  waitFor(
    () => {
      const found = inbox(address).filter((received) => kindOf(received) === kind);
      return found.length >= count ? found : undefined;
    },
    { timeoutMs: 30_000, message: `${count} ${kind} to ${address}` },
  );

it("sends the buyer a confirmation with the order's lines and totals, and the shop an alert; the page says it was sent", async () => {
  const order = await paidOrder();
  const [confirmation] = await mailOf(order.email, 'order_confirmation');
  expect(confirmation.envelopeTo).toEqual([order.email]);
  expect(confirmation.mail.from?.value[0]).toEqual({ name: 'Shop mailshop', address: 'orders@platform.test' });
  expect(confirmation.mail.replyTo?.value[0].address).toBe('mailshop@example.com');
  expect(confirmation.mail.subject).toContain(String(order.id));
  for (const text of ['Oolong', 'Kettle', `$${order.body.price}`, 'Domestic', 'Ann Buyer', '1 Main St']) {
    expect({ text, found: confirmation.mail.html !== false && String(confirmation.mail.html).includes(text) }).toEqual({
      text,
      found: true,
    });
  }
  expect(confirmation.mail.text).toContain('Kettle');
  const [alert] = await mailOf('mailshop@example.com', 'new_order_alert', 1);
  expect(alert.mail.replyTo?.value[0].address).toBeDefined();

  const page = await waitFor(async () => {
    const answer = await requestSite(order.confirmationUrl);
    return answer.text.includes('A receipt was sent to') ? answer : undefined;
  });
  expect(page.text).toContain(`A receipt was sent to ${order.email}.`);
});

it('sends a shipping confirmation for a shipment that asks to notify the buyer, and again when its tracking changes', async () => {
  const order = await paidOrder();
  const items = (order.body.items as Array<{ item: { id: number } }>).map(({ item }) => item.id);
  expect((await world.shop.put(`/v1/orders/${order.id}/ship.json`, { items: [items[0]], notify_customer: false })).status).toBe(200);
  const shipped = await world.shop.put(`/v1/orders/${order.id}/ship.json`, {
    items: [items[1]],
    tracking_number: '1Z999AA1',
    shipping_company: 'UPS',
    notify_customer: true,
  });
  expect(shipped.status).toBe(200);
  const [first] = await mailOf(order.email, 'shipping_confirmation');
  expect(first.mail.html).toContain('1Z999AA1');
  expect(first.mail.text).toContain('UPS');
  expect(first.mail.html).toContain('Kettle');

  const fulfillments = shipped.body.data.fulfillments as Array<{ id: number; notify_customer: boolean }>;
  const notified = fulfillments.find((fulfillment) => fulfillment.notify_customer)!;
  expect((await world.shop.put(`/v1/orders/${order.id}/fulfillments/${notified.id}.json`, { tracking_number: '1Z999BB2' })).status).toBe(
    200,
  );
  const [, update] = await mailOf(order.email, 'shipping_confirmation', 2);
  expect(update.mail.html).toContain('1Z999BB2');
  expect(inbox(order.email).filter((received) => kindOf(received) === 'shipping_confirmation')).toHaveLength(2);
});

it('sends a refund notice for a refund and a cancellation notice for a cancel', async () => {
  const refunded = await paidOrder();
  expect((await world.shop.post(`/v1/orders/${refunded.id}/refunds.json`, { amount_in_cents: 700, note: 'Dented kettle' })).status).toBe(
    200,
  );
  const [refund] = await mailOf(refunded.email, 'refund_notice');
  expect(refund.mail.html).toContain('$7.00');

  const canceled = await paidOrder();
  expect((await world.shop.put(`/v1/orders/${canceled.id}/cancel.json`, {})).status).toBe(200);
  const [cancellation] = await mailOf(canceled.email, 'cancellation_notice');
  expect(cancellation.mail.subject).toContain(String(canceled.id));
});

it("lists the store's messages with their status, shows one, and answers another store's as 404", async () => {
  const order = await paidOrder();
  await mailOf(order.email, 'order_confirmation');
  const listed = await waitFor(async () => {
    const answer = await world.shop.get(`/v1/notifications.json?order_id=${order.id}`);
    const notifications = answer.body.data.notifications as JsonBody[];
    return notifications.length === 2 && notifications.every((message) => message.status === 'sent') ? notifications : undefined;
  });
  const confirmation = listed.find((message) => message.kind === 'order_confirmation')!;
  expect(confirmation).toMatchObject({ to: order.email, attempt_count: 1, order_id: order.id });
  expect((confirmation.attempts as JsonBody[])[0]).toMatchObject({ outcome: 'sent' });

  const one = await world.shop.get(`/v1/notifications/${confirmation.id}.json`);
  expect(one.status).toBe(200);
  expect(one.body.data.notification.html).toContain('Oolong');
  expect(one.body.data.notification.message_id).toBe(inbox(order.email)[0].messageId);

  expect((await world.rival.get(`/v1/notifications/${confirmation.id}.json`)).status).toBe(404);
  expect((await world.rival.get('/v1/notifications.json')).body.data.notifications).toEqual([]);

  const cliList = await storectl(world.stack.env, ['mail', 'list', '--store', String(world.shopStoreId), '--status', 'sent']);
  expect(cliList.code).toBe(0);
  const fromCli = (cliList.json as { messages: JsonBody[] }).messages.find((message) => message.id === confirmation.id);
  expect(fromCli).toMatchObject({ kind: 'order_confirmation', to: order.email, status: 'sent' });

  const shown = await storectl(world.stack.env, ['mail', 'show', String(confirmation.id)]);
  expect(shown.code).toBe(0);
  expect(JSON.stringify(shown.json)).toContain(order.email);
});

it("uses the store's own template for its mail alone, previews it, refuses one that does not parse, and resets it", async () => {
  const updated = await world.shop.put('/v1/store/email_templates/order_confirmation.json', {
    subject: 'Thank you for order {{ order.id }} at {{ store.name }}',
  });
  expect(updated.status).toBe(200);
  expect(updated.body.data.email_template).toMatchObject({ id: 'order_confirmation', customized: true });
  const preview = await world.shop.post('/v1/store/email_templates/order_confirmation/preview.json', {});
  expect(preview.body.data.preview.subject).toMatch(/^Thank you for order \d+ at Shop mailshop$/);

  const refused = await world.shop.put('/v1/store/email_templates/order_confirmation.json', { body: '{% for %}' });
  expect(refused.status).toBe(422);
  expect((await world.rival.get('/v1/store/email_templates/order_confirmation.json')).body.data.email_template.customized).toBe(false);

  const order = await paidOrder();
  const [confirmation] = await mailOf(order.email, 'order_confirmation');
  expect(confirmation.mail.subject).toBe(`Thank you for order ${order.id} at Shop mailshop`);

  const reset = await world.shop.put('/v1/store/email_templates/order_confirmation.json', { reset: true });
  expect(reset.body.data.email_template.customized).toBe(false);
});
