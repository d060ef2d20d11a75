import type { Request } from 'express';
import { shipping } from '@commerce/contracts';
import { ApiError } from '../../../errors';
import { parseInput } from '../../../http/coerce';
import { fieldErrors } from '../../../http/field-errors.fixture';
import { mergeParams, parseParamString } from '../../../http/params';
import { pathId } from '../../path-id';
import {
  createShippingClassInput,
  createShippingGroupInput,
  shippingRatePairInput,
  updateShippingClassInput,
  updateShippingGroupInput,
  updateShippingRateInput,
} from './shipping.schemas';

const form = (text: string) => parseParamString(text);
const rate = { shipping_class_id: 3, first_item_in_cents: 500, additional_item_in_cents: 200 };

describe('createShippingGroupInput', () => {
  it.each([
    ['a JSON body', { name: 'Posters', rates: [rate] }],
    [
      'loose scalars in JSON',
      { name: 'Posters', rates: [{ shipping_class_id: '3', first_item_in_cents: '500', additional_item_in_cents: '200' }] },
    ],
    ['JSON text inside a form value', form(`name=Posters&rates=${encodeURIComponent(JSON.stringify([rate]))}`)],
    [
      'bracket names in a form',
      form('name=Posters&rates[0][shipping_class_id]=3&rates[0][first_item_in_cents]=500&rates[0][additional_item_in_cents]=200'),
    ],
    ['the query string only', form(`name=Posters&rates=${encodeURIComponent(JSON.stringify(rate))}`)],
    ['the rendered shape sent back', { name: 'Posters', rates: [{ shipping_rate: rate }] }],
  ])('reads name and rates from %s', (_style, params) => {
    expect(parseInput(createShippingGroupInput, params)).toEqual({ name: 'Posters', rates: [rate] });
  });

  it('defaults to no rates and trims the name', () => {
    expect(
      shipping.CreateShippingGroupRequest.fromPartial({ store_id: 1, ...parseInput(createShippingGroupInput, { name: ' Mugs ' }) }),
    ).toEqual({
      store_id: 1,
      name: 'Mugs',
      rates: [],
    });
  });

  it('names every bad field as the client sent it', () => {
    expect(fieldErrors(createShippingGroupInput, { rates: [{ shipping_class_id: 'x', first_item_in_cents: 'many' }, 'nope'] })).toEqual({
      name: ['is required'],
      'rates[0][shipping_class_id]': ['must be an integer'],
      'rates[0][first_item_in_cents]': ['must be an integer'],
      'rates[0][additional_item_in_cents]': ['is required'],
      'rates[1]': ['must be an object'],
    });
  });

  it('refuses fractional cents rather than rounding them', () => {
    expect(fieldErrors(createShippingGroupInput, { name: 'A', rates: [{ ...rate, first_item_in_cents: 1.5 }] })).toEqual({
      'rates[0][first_item_in_cents]': ['must be an integer'],
    });
  });

  it('ignores read-only and unknown fields', () => {
    expect(parseInput(createShippingGroupInput, { name: 'A', id: 9, products: [1], shipping_rates: [] })).toEqual({ name: 'A', rates: [] });
  });
});

describe('updateShippingGroupInput', () => {
  it('leaves absent fields out, so the group keeps them', () => {
    const request = shipping.UpdateShippingGroupRequest.fromPartial({
      store_id: 1,
      shipping_group_id: 2,
      ...parseInput(updateShippingGroupInput, { name: 'New' }),
    });

    expect(request).toEqual({ store_id: 1, shipping_group_id: 2, name: 'New', rates: undefined });
  });

  it('wraps rates given; [], "" and null pass an empty list (which changes no rate)', () => {
    expect(parseInput(updateShippingGroupInput, { rates: [rate] })).toEqual({ rates: { rates: [rate] } });
    for (const params of [{ rates: [] }, form('rates='), { rates: null }, form(`rates=${encodeURIComponent('[]')}`)]) {
      expect(parseInput(updateShippingGroupInput, params)).toEqual({ rates: { rates: [] } });
    }
  });

  it('reads a form body over the query string', () => {
    const params = mergeParams(form('name=FromQuery'), form('name=FromBody'));

    expect(parseInput(updateShippingGroupInput, params)).toEqual({ name: 'FromBody' });
  });
});

describe('createShippingClassInput', () => {
  const classRate = { shipping_group_id: 7, first_item_in_cents: 900, additional_item_in_cents: 0 };

  it.each([
    ['a JSON array', { name: 'Express', countries: ['US', 'ca'] }],
    ['JSON text in a form value', form(`name=Express&countries=${encodeURIComponent('["US","ca"]')}`)],
    ['a bracket list', form('name=Express&countries[]=US&countries[]=ca')],
    ['a comma string', form('name=Express&countries=US,+ca')],
  ])('reads countries from %s (case is shipping’s to normalise)', (_style, params) => {
    expect(parseInput(createShippingClassInput, params)).toEqual({ name: 'Express', countries: ['US', 'ca'], rates: [] });
  });

  it('reads class rates by group, in every style', () => {
    const params = form(
      'name=Express&rates[0][shipping_group_id]=7&rates[0][first_item_in_cents]=900&rates[0][additional_item_in_cents]=0',
    );

    expect(parseInput(createShippingClassInput, params)).toEqual({ name: 'Express', countries: [], rates: [classRate] });
    expect(parseInput(createShippingClassInput, { name: 'Express', rates: [{ shipping_rate: classRate }] }).rates).toEqual([classRate]);
  });

  it('accepts an empty country list', () => {
    expect(parseInput(createShippingClassInput, { name: 'Off', countries: [] }).countries).toEqual([]);
    expect(parseInput(createShippingClassInput, form('name=Off&countries=')).countries).toEqual([]);
  });

  it('names a rate missing its group', () => {
    expect(fieldErrors(createShippingClassInput, { name: 'A', rates: [{ first_item_in_cents: 1, additional_item_in_cents: 1 }] })).toEqual({
      'rates[0][shipping_group_id]': ['is required'],
    });
  });
});

describe('updateShippingClassInput', () => {
  it('wraps the lists given and leaves the others out', () => {
    expect(parseInput(updateShippingClassInput, { countries: ['DE'] })).toEqual({ countries: { countries: ['DE'] } });
    expect(parseInput(updateShippingClassInput, { countries: null, rates: '' })).toEqual({
      countries: { countries: [] },
      rates: { rates: [] },
    });
    expect(parseInput(updateShippingClassInput, {})).toEqual({});
  });
});

describe('shipping rate inputs', () => {
  it('requires both ids, as positive integers', () => {
    expect(fieldErrors(shippingRatePairInput, {})).toEqual({ shipping_group_id: ['is required'], shipping_class_id: ['is required'] });
    expect(fieldErrors(shippingRatePairInput, form('shipping_group_id=0&shipping_class_id=abc'))).toEqual({
      shipping_group_id: ['must be at least 1'],
      shipping_class_id: ['must be an integer'],
    });
    expect(parseInput(shippingRatePairInput, form('shipping_group_id=4&shipping_class_id=5'))).toEqual({
      shipping_group_id: 4,
      shipping_class_id: 5,
    });
  });

  it('reads the pair of a DELETE from a JSON body too, loose scalars included, ignoring amounts', () => {
    expect(parseInput(shippingRatePairInput, { shipping_group_id: '4', shipping_class_id: 5, first_item_in_cents: 100 })).toEqual({
      shipping_group_id: 4,
      shipping_class_id: 5,
    });
    expect(
      shipping.DeleteShippingRateRequest.fromPartial({
        store_id: 1,
        ...parseInput(shippingRatePairInput, { shipping_group_id: 4, shipping_class_id: 5 }),
      }),
    ).toEqual({
      store_id: 1,
      shipping_group_id: 4,
      shipping_class_id: 5,
    });
  });

  it('takes the amounts loosely, an absent or blank one left out', () => {
    const input = parseInput(
      updateShippingRateInput,
      form('shipping_group_id=4&shipping_class_id=5&first_item_in_cents=1500&additional_item_in_cents='),
    );

    expect(input).toEqual({ shipping_group_id: 4, shipping_class_id: 5, first_item_in_cents: 1500 });
    expect(shipping.UpdateShippingRateRequest.fromPartial({ store_id: 1, ...input }).additional_item_in_cents).toBeUndefined();
  });

  it('passes negative amounts on: shipping refuses them, naming the field', () => {
    expect(parseInput(updateShippingRateInput, { shipping_group_id: 1, shipping_class_id: 2, additional_item_in_cents: -5 })).toEqual({
      shipping_group_id: 1,
      shipping_class_id: 2,
      additional_item_in_cents: -5,
    });
    expect(
      parseInput(createShippingGroupInput, { name: 'A', rates: [{ ...rate, first_item_in_cents: -1 }] }).rates[0].first_item_in_cents,
    ).toBe(-1);
  });
});

describe('pathId', () => {
  const requestWith = (id: string) => ({ params: { id } }) as unknown as Request;

  it('reads a positive integer', () => {
    expect(pathId(requestWith('42'), 'Shipping group')).toBe(42);
  });

  it.each(['0', '-1', '1.5', 'abc', '01', '99999999999999999'])('answers 404 for %s', (id) => {
    expect(() => pathId(requestWith(id), 'Shipping group')).toThrow(
      expect.objectContaining({ status: 404, message: 'Shipping group not found' }) as ApiError,
    );
  });
});
