import { catalog } from '@commerce/contracts';
import { parseInput } from '../../../http/coerce';
import { fieldErrors } from '../../../http/field-errors.fixture';
import { parseParamString } from '../../../http/params';
import { createVariantInput, lowStockVariantsQuery, updateVariantInput } from './variant.schemas';

describe('createVariantInput', () => {
  it('reads a JSON body', () => {
    expect(
      parseInput(createVariantInput, {
        name: 'Large',
        full_quantity: 10,
        in_stock: 4,
        sku: 'TEA-L',
        position: 2,
        has_override_price: true,
        override_cents: 2500,
      }),
    ).toEqual({
      name: 'Large',
      full_quantity: 10,
      in_stock: 4,
      sku: 'TEA-L',
      position: 2,
      has_override_price: true,
      override_cents: 2500,
    });
  });

  it('reads the same from form strings, passing override_price on as text for catalog to read in the store currency', () => {
    expect(
      parseInput(
        createVariantInput,
        parseParamString('name=Large&full_quantity=10&in_stock=4&sku=TEA-L&position=2&has_override_price=true&override_price=25.00'),
      ),
    ).toMatchObject({
      name: 'Large',
      full_quantity: 10,
      in_stock: 4,
      sku: 'TEA-L',
      position: 2,
      has_override_price: true,
      override_price: '25.00',
    });
  });

  it('prefers override_cents over override_price, and then sends no price', () => {
    expect(parseInput(createVariantInput, { name: 'L', override_cents: 100, override_price: '9.99' })).toEqual({
      name: 'L',
      override_cents: 100,
    });
    expect(parseInput(updateVariantInput, { override_cents: 0, override_price: 'x' })).toEqual({ override_cents: 0 });
  });

  it('requires a name and refuses bad numbers', () => {
    expect(fieldErrors(createVariantInput, {})).toEqual({ name: ['is required'] });
    expect(fieldErrors(createVariantInput, { name: 'L', full_quantity: '-1', in_stock: 'many', position: 0, override_price: [1] })).toEqual(
      {
        full_quantity: ['must be at least 0'],
        in_stock: ['must be an integer'],
        position: ['must be at least 1'],
        override_price: ['must be a decimal amount such as 19.99'],
      },
    );
  });

  it('leaves in_stock and sku unset when not sent, for catalog defaults', () => {
    const request = catalog.CreateVariantRequest.fromPartial({
      store_id: 1,
      product_id: 2,
      ...parseInput(createVariantInput, { name: 'L', sku: '' }),
    });
    expect(request).toEqual({
      store_id: 1,
      product_id: 2,
      name: 'L',
      full_quantity: 0,
      in_stock: undefined,
      sku: undefined,
      position: undefined,
      has_override_price: false,
      override_cents: 0,
    });
  });

  it('ignores computed and read-only fields', () => {
    const input = parseInput(createVariantInput, {
      name: 'L',
      id: 9,
      product_id: 8,
      sold: 4,
      sold_out: true,
      status: 'sold-out',
      cents: 1,
      price: 2,
    });
    expect(Object.entries(input).filter(([, value]) => value !== undefined)).toEqual([['name', 'L']]);
  });
});

describe('updateVariantInput', () => {
  it('changes only what is sent', () => {
    expect(parseInput(updateVariantInput, parseParamString('in_stock=0'))).toEqual({ in_stock: 0 });
    const request = catalog.UpdateVariantRequest.fromPartial({
      store_id: 1,
      product_id: 2,
      variant_id: 3,
      ...parseInput(updateVariantInput, { in_stock: 0 }),
    });
    expect(request).toEqual({
      store_id: 1,
      product_id: 2,
      variant_id: 3,
      in_stock: 0,
      name: undefined,
      full_quantity: undefined,
      sku: undefined,
      position: undefined,
      has_override_price: undefined,
      override_cents: undefined,
    });
  });

  it('clears sku with null or ""', () => {
    expect(parseInput(updateVariantInput, { sku: null })).toEqual({ sku: '' });
    expect(parseInput(updateVariantInput, parseParamString('sku='))).toEqual({ sku: '' });
  });

  it('reads booleans and prices from strings', () => {
    expect(parseInput(updateVariantInput, parseParamString('has_override_price=0&override_price=3'))).toEqual({
      has_override_price: false,
      override_price: '3',
    });
  });

  it('refuses a blank name', () => {
    expect(fieldErrors(updateVariantInput, { name: '' })).toEqual({ name: ["can't be blank"] });
  });
});

describe('lowStockVariantsQuery', () => {
  const query = (text: string) => parseInput(lowStockVariantsQuery, parseParamString(text));

  it('reads the threshold, the page and the page size (limit winning over per_page) as integers', () => {
    expect(query('in_stock_max=5&page=2&per_page=10')).toEqual({ in_stock_max: 5, page: 2, limit: 10 });
    expect(query('in_stock_max=0&limit=3&per_page=10')).toEqual({ in_stock_max: 0, limit: 3 });
    expect(catalog.ListLowStockVariantsRequest.fromPartial({ store_id: 7, ...query('in_stock_max=5') })).toEqual({
      store_id: 7,
      in_stock_max: 5,
      page: 0,
      limit: undefined,
    });
  });

  it('leaves a missing threshold, or a negative one, to catalog, which answers 422 for them', () => {
    expect(query('')).toEqual({ limit: undefined });
    expect(query('in_stock_max=').in_stock_max).toBeUndefined();
    expect(query('in_stock_max=-1').in_stock_max).toBe(-1);
  });

  it('answers 422 for a threshold or a page that is not an integer', () => {
    expect(fieldErrors(lowStockVariantsQuery, parseParamString('in_stock_max=few&page=0'))).toEqual({
      in_stock_max: ['must be an integer'],
      page: ['must be at least 1'],
    });
    expect(fieldErrors(lowStockVariantsQuery, parseParamString('in_stock_max=2.5'))).toEqual({ in_stock_max: ['must be an integer'] });
  });
});
