import { waitFor } from '@commerce/testing';
import { aStore, anOrder, orderEvent, startNotificationsHarness, type NotificationsHarness } from './notifications.fixture';

// Without SMTP_URL (as under `npm start`) nothing leaves the machine: messages are made and kept, readable in the log.
let harness: NotificationsHarness;

beforeAll(async () => {
  harness = await startNotificationsHarness({ smtp: false });
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

it('keeps the messages an order makes, sends none, and tells the confirmation page so', async () => {
  const storeId = await aStore(harness);
  const order = anOrder({ email: 'kept@buyer.test' });
  expect(await harness.client.getReceipt({ store_id: storeId, order_id: Number(order.id) })).toEqual({ state: 'kept', to: '' });

  await harness.publish(orderEvent(storeId, 'order/paid', order));
  const messages = await waitFor(async () => {
    const listed = (await harness.client.listMessages({ store_id: storeId, older_than_id: 0, order_id: 0, status: '' })).messages;
    return listed.length === 2 ? listed : undefined;
  });
  expect(messages.map((message) => [message.kind, message.status, message.attempt_count])).toEqual([
    ['new_order_alert', 'kept', 0],
    ['order_confirmation', 'kept', 0],
  ]);
  const { message } = await harness.client.getMessage({ store_id: 0, message_id: messages[1].id });
  expect(message).toMatchObject({ to: 'kept@buyer.test', status: 'kept' });
  expect(message!.text).toContain('Green Tea');
  expect(await harness.client.getReceipt({ store_id: storeId, order_id: Number(order.id) })).toEqual({
    state: 'kept',
    to: 'kept@buyer.test',
  });

  await harness.service.worker.tick();
  expect(harness.smtp.offered).toBe(0);
});
