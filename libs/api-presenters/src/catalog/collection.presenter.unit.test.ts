import { presentCollection } from '@commerce/api-presenters';
import { collectionMessage, storeContext } from './catalog.fixture';

describe('presentCollection', () => {
  it('renders the docs/catalog.md#collection shape with member ids and zoned timestamps', () => {
    expect(presentCollection(collectionMessage(), storeContext())).toEqual({
      id: 3,
      name: 'Teas',
      description: 'Loose leaf',
      products: [7, 9],
      created_at: '2026-01-15T07:34:56-05:00',
      updated_at: '2026-01-15T19:00:00-05:00',
    });
  });

  it('keeps the order products were set in and renders an empty collection', () => {
    expect(presentCollection(collectionMessage({ product_ids: [9, 2, 5] }), storeContext()).products).toEqual([9, 2, 5]);
    expect(presentCollection(collectionMessage({ product_ids: [], description: '' }), storeContext())).toMatchObject({
      products: [],
      description: '',
    });
  });

  it('follows the store zone', () => {
    expect(presentCollection(collectionMessage(), storeContext({ time_zone: 'Asia/Kolkata' })).created_at).toBe(
      '2026-01-15T18:04:56+05:30',
    );
  });
});
