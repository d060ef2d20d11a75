import { orderSearchOf } from './order-search';

describe('q of GET /v1/orders (docs/orders.md#listing)', () => {
  it.each([
    ['#1001', { orderId: 1001 }],
    [' # 1001 ', { orderId: 1001 }],
    ['1001', { orderId: 1001, emailText: '1001' }],
    ['Ann.Lee', { emailText: 'Ann.Lee' }],
    ['%_[.*]', { emailText: '%_[.*]' }],
    ['#ann', { emailText: '#ann' }],
    ['#99999999999999999999', { orderId: 0 }],
  ])('reads %p as %p', (q, search) => {
    expect(orderSearchOf(q)).toEqual({ search });
  });

  it('reads blank as no search', () => {
    expect(orderSearchOf('   ')).toEqual({ search: undefined });
  });

  it('refuses more than 254 characters and control characters', () => {
    expect(orderSearchOf('a'.repeat(254))).toEqual({ search: { emailText: 'a'.repeat(254) } });
    expect(orderSearchOf('a'.repeat(255))).toEqual({ violations: { q: ['is too long (maximum is 254 characters)'] } });
    expect(orderSearchOf('ann\u0000')).toEqual({ violations: { q: ['must not hold control characters'] } });
  });
});
