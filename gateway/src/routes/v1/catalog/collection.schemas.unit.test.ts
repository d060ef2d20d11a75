import { catalog } from '@commerce/contracts';
import { parseInput } from '../../../http/coerce';
import { fieldErrors } from '../../../http/field-errors.fixture';
import { parseParamString } from '../../../http/params';
import { createCollectionInput, listCollectionsQuery, placeCollectionProductInput, updateCollectionInput } from './collection.schemas';

describe('createCollectionInput', () => {
  it.each([
    ['a JSON array', { name: 'Teas', products: [1, 2] }],
    ['strings in an array', { name: 'Teas', products: ['1', '2'] }],
    ['JSON text in a form value', parseParamString(`name=Teas&products=${encodeURIComponent('[1,2]')}`)],
    ['a bracket list', parseParamString('name=Teas&products[]=1&products[]=2')],
    ['a comma string', parseParamString('name=Teas&products=1,+2')],
  ])('reads products from %s', (_style, params) => {
    expect(parseInput(createCollectionInput, params)).toMatchObject({ name: 'Teas', product_ids: [1, 2] });
  });

  it('builds a request with an empty membership and description by default', () => {
    expect(catalog.CreateCollectionRequest.fromPartial({ store_id: 1, ...parseInput(createCollectionInput, { name: 'Teas' }) })).toEqual({
      store_id: 1,
      name: 'Teas',
      description: '',
      product_ids: [],
    });
  });

  it('requires a name and positive ids', () => {
    expect(fieldErrors(createCollectionInput, { products: ['x'] })).toEqual({
      name: ['is required'],
      'products[0]': ['must be an integer'],
    });
  });

  it('ignores read-only fields', () => {
    expect(parseInput(createCollectionInput, { name: 'Teas', id: 4, created_at: 'x' })).toEqual({ name: 'Teas' });
  });
});

describe('updateCollectionInput', () => {
  it('wraps products so that absent leaves the membership alone', () => {
    expect(parseInput(updateCollectionInput, { name: 'New' })).toEqual({ name: 'New' });
    expect(
      catalog.UpdateCollectionRequest.fromPartial({ store_id: 1, collection_id: 2, ...parseInput(updateCollectionInput, {}) }).product_ids,
    ).toBeUndefined();
  });

  it('sets the membership, in the order given', () => {
    expect(parseInput(updateCollectionInput, { products: [3, 1] })).toEqual({ product_ids: { product_ids: [3, 1] } });
  });

  it('empties the membership with [], "" or null', () => {
    for (const params of [{ products: [] }, parseParamString('products='), { products: null }]) {
      expect(parseInput(updateCollectionInput, params)).toEqual({ product_ids: { product_ids: [] } });
    }
  });

  it('clears the description with null', () => {
    expect(parseInput(updateCollectionInput, { description: null })).toEqual({ description: '' });
  });
});

describe('listCollectionsQuery', () => {
  it('reads page and limit (or per_page) from strings and refuses a page below 1; the size goes as sent (catalog clamps it)', () => {
    expect(parseInput(listCollectionsQuery, parseParamString('page=2&limit=10'))).toEqual({ page: 2, limit: 10 });
    expect(parseInput(listCollectionsQuery, parseParamString('page=2&per_page=10'))).toEqual({ page: 2, limit: 10 });
    expect(parseInput(listCollectionsQuery, parseParamString('limit=0'))).toEqual({ limit: 0 });
    expect(parseInput(listCollectionsQuery, parseParamString('per_page=900'))).toEqual({ limit: 900 });
    expect(parseInput(listCollectionsQuery, parseParamString('page=&limit='))).toEqual({});
    expect(fieldErrors(listCollectionsQuery, parseParamString('page=0&limit=x'))).toEqual({
      page: ['must be at least 1'],
      limit: ['must be an integer'],
    });
  });
});

describe('placeCollectionProductInput', () => {
  it('reads a position from 1, and absent or blank as 0 (a member stays where it is)', () => {
    expect(parseInput(placeCollectionProductInput, { position: 2 })).toEqual({ position: 2 });
    expect(parseInput(placeCollectionProductInput, parseParamString('position=3'))).toEqual({ position: 3 });
    expect(parseInput(placeCollectionProductInput, {})).toEqual({ position: 0 });
    expect(parseInput(placeCollectionProductInput, parseParamString('position='))).toEqual({ position: 0 });
  });

  it('refuses a position that is not a positive integer', () => {
    expect(fieldErrors(placeCollectionProductInput, { position: 0 })).toEqual({ position: ['must be at least 1'] });
    expect(fieldErrors(placeCollectionProductInput, { position: 'first' })).toEqual({ position: ['must be an integer'] });
  });
});
