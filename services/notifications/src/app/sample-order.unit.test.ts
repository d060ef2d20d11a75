import { sampleVariables } from './sample-order';

const store = { id: 7, name: 'Tea & Co', email: 'help@tea.test', url: 'https://tea.test', currency: 'JPY' };

describe('sampleVariables', () => {
  it('is an order as the API renders it, in the store currency, its price the sum of its amounts', () => {
    const { order, fulfillment, refund } = sampleVariables(store);
    expect(order).toMatchObject({ currency: 'JPY', subtotal: 33, discounts: 3, shipping: 5, tax: 3, price: '38' });
    expect(order.items).toHaveLength(2);
    expect(fulfillment).toMatchObject({ tracking_number: expect.any(String), items: order.items });
    expect(refund).toMatchObject({ amount: '9', amount_in_cents: 9, items: [{ item_id: 1002, quantity: 1 }] });
    expect(sampleVariables({ ...store, currency: 'USD' }).order).toMatchObject({ subtotal: 3300, price: '38.00' });
  });
});
