import { orders } from '@commerce/contracts';
import { parseInput } from '../../../http/coerce';
import { fieldErrors } from '../../../http/field-errors.fixture';
import { parseParamString } from '../../../http/params';
import { createDiscountInput, listDiscountsQuery, updateDiscountInput } from './discount.schemas';

describe('createDiscountInput', () => {
  it.each([
    ['ISO 8601 with an offset', '2026-12-01T00:00:00-05:00'],
    ['ISO 8601 in UTC with fractions', '2026-12-01T05:00:00.000Z'],
    ['unix seconds as text', '1796101200'],
    ['unix seconds as a number', 1796101200],
  ])('reads a time written as %s', (_style, startsAt) => {
    expect(parseInput(createDiscountInput, { code: 'A', kind: 'free_shipping', starts_at: startsAt }).starts_at).toEqual(
      new Date('2026-12-01T05:00:00Z'),
    );
  });

  it('reads a form: loose numbers, flags and id lists', () => {
    const params = parseParamString(
      'code=A&kind=percentage&value=12.5&usage_limit=10&once_per_customer=1&product_ids=1,2&collection_ids[]=3',
    );
    expect(orders.CreateDiscountRequest.fromPartial({ store_id: 1, ...parseInput(createDiscountInput, params) })).toMatchObject({
      code: 'A',
      kind: 'percentage',
      value: 12.5,
      usage_limit: 10,
      once_per_customer: true,
      product_ids: [1, 2],
      collection_ids: [3],
      starts_at: undefined,
    });
  });

  it('reads null and empty values as none', () => {
    const input = parseInput(createDiscountInput, { code: 'A', kind: 'free_shipping', starts_at: null, usage_limit: '', value: null });
    expect(input).toMatchObject({ starts_at: undefined, usage_limit: undefined, value: undefined });
  });

  it('refuses a time without an offset, or that is not one, naming the field', () => {
    const message = 'must be an ISO 8601 time with its offset (2026-12-01T00:00:00-05:00) or unix seconds';
    expect(fieldErrors(createDiscountInput, { code: 'A', kind: 'x', starts_at: '2026-12-01T00:00:00', ends_at: 'soon' })).toEqual({
      starts_at: [message],
      ends_at: [message],
    });
  });
});

describe('updateDiscountInput', () => {
  it('wraps what an update may clear: null clears, absent leaves alone', () => {
    const input = parseInput(updateDiscountInput, { ends_at: null, usage_limit: null, product_ids: [] });
    expect(orders.UpdateDiscountRequest.fromPartial({ store_id: 1, discount_id: 2, ...input })).toMatchObject({
      ends_at: { at: undefined },
      usage_limit: { limit: undefined },
      product_ids: { ids: [] },
      starts_at: undefined,
      collection_ids: undefined,
      code: undefined,
    });
  });
});

describe('listDiscountsQuery', () => {
  it('passes page and limit through', () => {
    expect(parseInput(listDiscountsQuery, { page: '2', per_page: '10' })).toEqual({ page: 2, limit: 10 });
  });
});
