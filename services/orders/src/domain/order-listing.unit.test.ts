import { statusFilter } from './order-listing';

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
});
