import type { orders } from '@commerce/contracts';
import { discountJson, presentDiscount } from './discount.presenter';

const CREATED = new Date('2026-11-26T12:00:00Z');

const message = (overrides: Partial<orders.Discount> = {}): orders.Discount => ({
  id: 3,
  code: 'Summer-10',
  kind: 'percentage',
  percent_bp: 1250,
  amount: 0,
  minimum_subtotal: 0,
  product_ids: [],
  collection_ids: [],
  starts_at: undefined,
  ends_at: undefined,
  once_per_customer: false,
  times_used: 2,
  created_at: CREATED,
  updated_at: CREATED,
  ...overrides,
});

describe('presentDiscount', () => {
  it('renders a percentage as its percent, absent times and limit as null, times in the store zone', () => {
    const json = presentDiscount(message(), 'Europe/Paris');
    expect(json).toMatchObject({ value: 12.5, starts_at: null, ends_at: null, usage_limit: null, created_at: '2026-11-26T13:00:00+01:00' });
    expect(discountJson.parse(json)).toEqual(json);
  });

  it('renders a fixed amount in minor units and free shipping as 0', () => {
    expect(presentDiscount(message({ kind: 'fixed_amount', percent_bp: 0, amount: 500, usage_limit: 10 }), 'UTC')).toMatchObject({
      value: 500,
      usage_limit: 10,
    });
    expect(presentDiscount(message({ kind: 'free_shipping', percent_bp: 0 }), 'UTC').value).toBe(0);
  });
});
