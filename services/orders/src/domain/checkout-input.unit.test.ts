import { checkoutViolations, LIMITS, normalizeAddress, type CheckoutInput } from './checkout-input';

const valid: CheckoutInput = {
  checkout_key: 'k1',
  email: 'buyer@example.com',
  address: {
    name: 'Ann',
    address_1: '1 Main St',
    address_2: '',
    city: 'Town',
    postal: '12345',
    state: '',
    state_abbrev: '',
    country: 'us',
  },
  lines: [{ variant_id: 5, quantity: 2 }],
  shipping_class_id: 0,
  user_note: null,
  payment_token: 'tok_visa',
  discount_code: null,
};

describe('checkoutViolations', () => {
  it('accepts a complete checkout', () => {
    expect(checkoutViolations(valid)).toEqual({});
  });

  it('names every bad field as the API spells it', () => {
    const violations = checkoutViolations({
      ...valid,
      email: 'not-an-email',
      address: { ...valid.address, name: ' ', country: 'USA' },
      lines: [
        { variant_id: 5, quantity: 0 },
        { variant_id: 5, quantity: 1 },
      ],
      payment_token: '',
    });
    expect(Object.keys(violations).sort()).toEqual([
      'address.country',
      'address.name',
      'email',
      'items[0].quantity',
      'items[1].variant_id',
      'payment_token',
    ]);
  });

  it('refuses no items, too many items and huge quantities', () => {
    expect(checkoutViolations({ ...valid, lines: [] }).items).toBeDefined();
    const many = Array.from({ length: LIMITS.lines + 1 }, (_, index) => ({ variant_id: index + 1, quantity: 1 }));
    expect(checkoutViolations({ ...valid, lines: many }).items).toBeDefined();
    expect(checkoutViolations({ ...valid, lines: [{ variant_id: 5, quantity: LIMITS.quantity + 1 }] })['items[0].quantity']).toBeDefined();
  });

  it('normalizes the address: trimmed, country upper case', () => {
    expect(normalizeAddress({ ...valid.address, city: ' Town ' })).toMatchObject({ city: 'Town', country: 'US' });
  });
});
