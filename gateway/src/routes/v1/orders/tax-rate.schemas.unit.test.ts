import { parseInput } from '../../../http/coerce';
import { fieldErrors } from '../../../http/field-errors.fixture';
import { parseParamString } from '../../../http/params';
import { createTaxRateInput, updateTaxRateInput } from './tax-rate.schemas';

const NEW_YORK = { country: 'US', state: 'NY', name: 'NY sales tax', rate: '8.875', applies_to_shipping: true };

describe('createTaxRateInput', () => {
  it.each([
    ['a JSON body', { country: 'US', state: 'NY', name: 'NY sales tax', rate: 8.875, applies_to_shipping: true }],
    ['a JSON body wrapped as the API renders it', { tax_rate: { ...NEW_YORK, rate: 8.875, id: 4, created_at: 'x' } }],
    ['a form', parseParamString('country=US&state=NY&name=NY+sales+tax&rate=8.875&applies_to_shipping=1')],
    [
      'a form with bracket names',
      parseParamString(
        'tax_rate[country]=US&tax_rate[state]=NY&tax_rate[name]=NY+sales+tax&tax_rate[rate]=8.875&tax_rate[applies_to_shipping]=true',
      ),
    ],
  ])('reads %s alike, the rate as its decimal text', (_, params) => {
    expect(parseInput(createTaxRateInput, params)).toEqual(NEW_YORK);
  });

  it("sends what is missing blank, so orders names it with the record's other rules", () => {
    expect(parseInput(createTaxRateInput, {})).toEqual({ country: '', state: '', name: '', rate: '', applies_to_shipping: false });
    expect(parseInput(createTaxRateInput, { country: 'CA', name: 'GST', rate: null })).toMatchObject({ rate: '' });
  });

  it('refuses shapes no field can hold', () => {
    expect(Object.keys(fieldErrors(createTaxRateInput, { country: ['US'], rate: { percent: 5 }, applies_to_shipping: 'maybe' }))).toEqual([
      'country',
      'rate',
      'applies_to_shipping',
    ]);
    expect(Object.keys(fieldErrors(createTaxRateInput, { name: 'x'.repeat(3_000) }))).toEqual(['name']);
  });
});

describe('updateTaxRateInput', () => {
  it('keeps absent fields absent', () => {
    expect(parseInput(updateTaxRateInput, { rate: 4 })).toEqual({ rate: '4' });
    expect(parseInput(updateTaxRateInput, { tax_rate: { state: '' } })).toEqual({ state: '' });
  });
});
