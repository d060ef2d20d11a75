import { isDomainError } from '@commerce/grpc-runtime';
import {
  apiValue,
  appliesToLine,
  checkedDiscount,
  discountRefusal,
  fieldsOf,
  storedValue,
  type Discount,
  unavailableError,
  type DiscountCart,
} from './discount';

const NOW = new Date('2026-11-26T12:00:00Z');

function discount(overrides: Partial<Discount> = {}): Discount {
  return {
    id: 1,
    store_id: 7,
    code: 'Summer-10',
    code_key: 'summer-10',
    kind: 'percentage',
    percent_bp: 1000,
    amount: 0,
    minimum_subtotal: 0,
    product_ids: [],
    collection_ids: [],
    starts_at: null,
    ends_at: null,
    usage_limit: null,
    once_per_customer: false,
    times_used: 0,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

const cart = (overrides: Partial<DiscountCart> = {}): DiscountCart => ({
  now: NOW,
  subtotal: 5000,
  lines: [{ product_id: 11, collection_ids: [3] }],
  ...overrides,
});

/** The field violations a create's input answers, or {} when it is accepted. */
function violationsOf(input: Record<string, unknown>): Record<string, string[]> {
  try {
    checkedDiscount(input);
    return {};
  } catch (error) {
    if (isDomainError(error)) return error.fieldViolations ?? {};
    throw error;
  }
}

describe('discount fields', () => {
  it('takes a percentage with two decimals and keeps it in basis points', () => {
    const fields = checkedDiscount({ code: '  Summer_10 ', kind: 'percentage', value: 12.5 });
    expect(fields).toMatchObject({ code: 'Summer_10', value: 12.5, minimum_subtotal: 0, product_ids: [], usage_limit: null });
    expect(storedValue(fields.kind, fields.value)).toEqual({ percent_bp: 1250, amount: 0 });
    expect(apiValue({ kind: 'percentage', percent_bp: 1250, amount: 0 })).toBe(12.5);
    expect(storedValue('percentage', 0.29).percent_bp).toBe(29);
  });

  it.each([
    [{ code: 'x', kind: 'percentage', value: 100.5 }, 'value', 'must be a percent greater than 0 and at most 100'],
    [{ code: 'x', kind: 'percentage', value: 0 }, 'value', 'must be a percent greater than 0 and at most 100'],
    [{ code: 'x', kind: 'percentage', value: 12.345 }, 'value', 'must have at most 2 decimal places'],
    [{ code: 'x', kind: 'fixed_amount', value: 5.5 }, 'value', 'must be a positive integer amount in minor units'],
    [{ code: 'x', kind: 'fixed_amount' }, 'value', 'must be a positive integer amount in minor units'],
    [{ code: 'x', kind: 'free_shipping', value: 3 }, 'value', 'must be 0 or absent for free_shipping'],
    [{ code: 'x', kind: 'bogus' }, 'kind', 'must be one of percentage, fixed_amount, free_shipping'],
    [{ code: '   ', kind: 'free_shipping' }, 'code', "can't be blank"],
    [{ code: 'two words', kind: 'free_shipping' }, 'code', 'may hold only letters, digits, "-" and "_"'],
    [{ code: 'é', kind: 'free_shipping' }, 'code', 'may hold only letters, digits, "-" and "_"'],
    [{ code: 'a'.repeat(65), kind: 'free_shipping' }, 'code', 'is too long (maximum is 64 characters)'],
    [{ code: 'x', kind: 'free_shipping', usage_limit: 0 }, 'usage_limit', 'must be an integer of at least 1'],
    [{ code: 'x', kind: 'free_shipping', minimum_subtotal: -1 }, 'minimum_subtotal', 'must be an integer of at least 0 (minor units)'],
    [{ code: 'x', kind: 'free_shipping', product_ids: [0] }, 'product_ids', 'must be product ids'],
    [
      { code: 'x', kind: 'free_shipping', collection_ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      'collection_ids',
      'has too many ids (maximum is 100)',
    ],
    [
      { code: 'x', kind: 'free_shipping', starts_at: new Date('2026-12-01'), ends_at: new Date('2026-11-01') },
      'ends_at',
      'must be after starts_at',
    ],
  ])('refuses %j on %s', (input, field, message) => {
    expect(violationsOf(input)[field]).toEqual([message]);
  });

  it('names every broken field at once', () => {
    expect(Object.keys(violationsOf({ code: '', kind: 'percentage', value: 101, usage_limit: -2 }))).toEqual([
      'code',
      'usage_limit',
      'value',
    ]);
  });

  it('reads a stored discount back as the fields a create takes', () => {
    expect(fieldsOf(discount({ kind: 'fixed_amount', percent_bp: 0, amount: 500 }))).toMatchObject({ kind: 'fixed_amount', value: 500 });
  });
});

describe('discountRefusal', () => {
  it('answers null when the code applies', () => {
    expect(discountRefusal(discount(), cart())).toBeNull();
  });

  it('refuses an unknown code', () => {
    expect(discountRefusal(null, cart())).toBe('is not a valid discount code');
  });

  it('refuses before it starts and from its end on', () => {
    expect(discountRefusal(discount({ starts_at: new Date(NOW.getTime() + 1) }), cart())).toBe('is not active yet');
    expect(discountRefusal(discount({ starts_at: NOW }), cart())).toBeNull();
    expect(discountRefusal(discount({ ends_at: NOW }), cart())).toBe('has expired');
    expect(discountRefusal(discount({ ends_at: new Date(NOW.getTime() + 1) }), cart())).toBeNull();
  });

  it('refuses a subtotal under the minimum, naming the minimum', () => {
    expect(discountRefusal(discount({ minimum_subtotal: 5001 }), cart())).toBe(
      "needs a subtotal of at least 5001 (minor units of the store's currency)",
    );
    expect(discountRefusal(discount({ minimum_subtotal: 5000 }), cart())).toBeNull();
  });

  it('refuses a restricted code when no line is of its products or collections', () => {
    expect(discountRefusal(discount({ product_ids: [12] }), cart())).toBe('does not apply to anything in the cart');
    expect(discountRefusal(discount({ collection_ids: [4] }), cart())).toBe('does not apply to anything in the cart');
    expect(discountRefusal(discount({ product_ids: [12], collection_ids: [3] }), cart())).toBeNull();
  });
});

describe('appliesToLine', () => {
  const line = { product_id: 11, collection_ids: [3, 5] };

  it('reaches every line when unrestricted', () => {
    expect(appliesToLine(discount(), line)).toBe(true);
  });

  it('reaches a line of a named product or of a named collection only', () => {
    expect(appliesToLine(discount({ product_ids: [11] }), line)).toBe(true);
    expect(appliesToLine(discount({ collection_ids: [5] }), line)).toBe(true);
    expect(appliesToLine(discount({ product_ids: [12], collection_ids: [4] }), line)).toBe(false);
  });
});

describe('unavailableError', () => {
  it('is none for a use taken, and DISCOUNT_UNAVAILABLE saying why otherwise', () => {
    expect(unavailableError('SUMMER', 'redeemed')).toBeNull();
    expect(unavailableError('SUMMER', 'spent')).toMatchObject({
      reason: 'FAILED_PRECONDITION',
      errorInfoReason: 'DISCOUNT_UNAVAILABLE',
      message: 'The discount code SUMMER has no uses left',
    });
    expect(unavailableError('SUMMER', 'used_by_customer')?.message).toBe('The discount code SUMMER was used already by this buyer');
  });
});
