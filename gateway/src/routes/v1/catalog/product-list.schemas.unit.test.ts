import { catalog } from '@commerce/contracts';
import { ValidationError } from '../../../errors';
import { parseInput } from '../../../http/coerce';
import { parseParamString } from '../../../http/params';
import { listProductsQuery } from './product-list.schemas';

const query = (text: string) => parseInput(listProductsQuery, parseParamString(text));

function errorsOf(text: string): Record<string, string[]> {
  try {
    query(text);
  } catch (err) {
    if (err instanceof ValidationError) return err.fieldErrors;
    throw err;
  }
  throw new Error('expected a 422');
}

describe('listProductsQuery', () => {
  it('asks for the first page, ascending, with no filters by default', () => {
    const request = catalog.ListProductsRequest.fromPartial({ store_id: 1, ...query('') });
    expect(request).toEqual({
      store_id: 1,
      status: '',
      shipping_group_id: 0,
      collection_id: 0,
      newer_than_id: 0,
      older_than_id: 0,
      descending: false,
      updated_at_min: undefined,
      updated_at_max: undefined,
      page: 0,
      limit: undefined,
      q: '',
    });
  });

  it('passes q on as sent (catalog trims, folds case and bounds its length), a blank one as absent', () => {
    expect(query('q=Green%20Tea').q).toBe('Green Tea');
    expect(query('q=100%25_%5B.*%5D').q).toBe('100%_[.*]');
    expect(query(`q=${'x'.repeat(300)}`).q).toHaveLength(300);
    expect(query('q=').q).toBeUndefined();
    expect(query('q=tea&status=hidden&page=2&per_page=5')).toEqual({
      q: 'tea',
      status: 'hidden',
      page: 2,
      limit: 5,
      newer_than_id: undefined,
      descending: false,
    });
    expect(errorsOf('q[]=a&q[]=b')).toEqual({ q: ['must be a string'] });
  });

  it('reads every filter of docs/catalog.md#products from query strings', () => {
    expect(
      query(
        'status=coming+soon&shipping_group_id=4&newer_than_id=10&older_than_id=90&sort_direction=DESC' +
          '&updated_at_min=1700000000&updated_at_max=1700000500.5&page=3',
      ),
    ).toEqual({
      status: 'coming soon',
      shipping_group_id: 4,
      newer_than_id: 10,
      older_than_id: 90,
      descending: true,
      updated_at_min: new Date('2023-11-14T22:13:20Z'),
      updated_at_max: new Date(1_700_000_500_500),
      page: 3,
    });
  });

  it.each([
    ['asc', false],
    ['ASC', false],
    ['desc', true],
    ['Desc', true],
    ['', false],
  ])('reads sort_direction=%p as descending %p', (direction, descending) => {
    expect(query(`sort_direction=${direction}`).descending).toBe(descending);
  });

  it('refuses any other sort_direction', () => {
    expect(errorsOf('sort_direction=newest')).toEqual({ sort_direction: ['must be one of: asc, desc'] });
  });

  it('takes after_id as newer_than_id, the spec name winning when both are sent', () => {
    expect(query('after_id=12').newer_than_id).toBe(12);
    expect(query('after_id=12&newer_than_id=40').newer_than_id).toBe(40);
  });

  it('treats blank values as absent', () => {
    expect(query('status=&page=&updated_at_min=&shipping_group_id=')).toEqual({ newer_than_id: undefined, descending: false });
  });

  it('passes status on as sent: catalog says which words are statuses', () => {
    expect(query('status=archived').status).toBe('archived');
    expect(query('status=%20').status).toBe(' ');
  });

  it('answers 422 naming each filter of the wrong shape', () => {
    expect(errorsOf('page=0&updated_at_min=yesterday&older_than_id=x')).toEqual({
      page: ['must be at least 1'],
      updated_at_min: ['must be a unix timestamp in seconds'],
      older_than_id: ['must be an integer'],
    });
  });

  it('ignores parameters it does not know, credentials included', () => {
    expect(query('api_key=sck_x&foo=bar')).toEqual({ newer_than_id: undefined, descending: false });
  });

  it('takes a page size as limit or per_page (limit winning), as sent: catalog defaults and clamps it', () => {
    expect(query('limit=5').limit).toBe(5);
    expect(query('per_page=7').limit).toBe(7);
    expect(query('per_page=7&limit=9').limit).toBe(9);
    expect(query('per_page=1000').limit).toBe(1000);
    expect(query('limit=0').limit).toBe(0);
    expect(query('per_page=').limit).toBeUndefined();
    expect(errorsOf('per_page=many')).toEqual({ per_page: ['must be an integer'] });
  });
});
