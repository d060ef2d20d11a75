import { historyKeyOf, isOrderPart, RESOURCE_TYPE } from './event-history';

describe('historyKeyOf', () => {
  it("files an order's fulfillments and refunds under their order, every other event under its own resource", () => {
    expect(historyKeyOf({ resource_type: 'order', resource_id: 10, resource: { id: 10 } })).toBe('order:10');
    expect(historyKeyOf({ resource_type: 'fulfillment', resource_id: 5, resource: { id: 5, order_id: 10 } })).toBe('order:10');
    expect(historyKeyOf({ resource_type: 'refund', resource_id: 7, resource: { id: 7, order_id: 10 } })).toBe('order:10');
    expect(historyKeyOf({ resource_type: 'product', resource_id: 10, resource: { id: 10, order_id: 3 } })).toBe('product:10');
  });

  it('keeps a fulfillment without an order id in its resource under its own key', () => {
    expect(historyKeyOf({ resource_type: 'fulfillment', resource_id: 5, resource: null })).toBe('fulfillment:5');
  });
});

it('knows which resources are parts of an order, and what a resource type looks like', () => {
  expect(['fulfillment', 'refund', 'order'].map(isOrderPart)).toEqual([true, true, false]);
  expect(['order', 'shipping_group', 'Order', '', 'a'.repeat(51), 'tax rate'].map((type) => RESOURCE_TYPE.test(type))).toEqual([
    true,
    true,
    false,
    false,
    false,
    false,
  ]);
});
