import { pageOf, statusFilter } from './order-listing';

describe('order listing', () => {
  it('maps the six filter values (open also matches Partially Shipped, stored as open)', () => {
    expect(['pending', 'canceled', 'open', 'shipped', 'on hold', 'failed'].map(statusFilter)).toEqual([
      'pending',
      'canceled',
      'open',
      'shipped',
      'on hold',
      'failed',
    ]);
    expect(statusFilter('on+hold')).toBe('on hold');
    expect(statusFilter('ON_HOLD')).toBe('on hold');
    expect(statusFilter('')).toBeUndefined();
    expect(statusFilter('Partially Shipped')).toBeNull();
  });

  it('defaults limit to 50 and clamps it to 1..250', () => {
    expect(pageOf(0, 0)).toEqual({ page: 1, limit: 50, skip: 0 });
    expect(pageOf(3, 1000)).toEqual({ page: 3, limit: 250, skip: 500 });
    expect(pageOf(2, -4)).toEqual({ page: 2, limit: 1, skip: 1 });
  });
});
