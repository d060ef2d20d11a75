import {
  applyCollectionChanges,
  collectionFieldViolations,
  collectionRoomViolations,
  distinctIds,
  membershipChanges,
  type CollectionRecord,
} from './collection';
import { NOW } from './catalog.fixture';

const collection: CollectionRecord = {
  store_id: 1,
  id: 3,
  name: 'Teas',
  description: '',
  product_ids: [1, 2],
  created_at: NOW,
  updated_at: NOW,
  deleted: false,
  version: 1,
};

describe('collection membership', () => {
  it('keeps the first occurrence of each id, in order', () => {
    expect(distinctIds([3, 1, 3, 2, 1])).toEqual([3, 1, 2]);
  });

  it('lists the products that joined or left, not the ones merely reordered', () => {
    expect(membershipChanges([1, 2, 3], [3, 1, 4])).toEqual([2, 4]);
  });

  it('answers null for a change that changes nothing', () => {
    expect(applyCollectionChanges(collection, { name: ' Teas ', product_ids: [1, 2, 1] })).toBeNull();
    expect(applyCollectionChanges(collection, { product_ids: [2, 1] })).toMatchObject({ product_ids: [2, 1] });
  });

  it('names bad input on the API field names', () => {
    expect(collectionFieldViolations({ name: ' ', product_ids: [0] }, { name: true })).toEqual({
      name: ["can't be blank"],
      products: ['must be product ids'],
    });
  });
});

describe('collection names', () => {
  it('calls a name of only zero-width or control characters blank', () => {
    expect(collectionFieldViolations({ name: '\u200b\u200c\u0001' }, { name: false })).toEqual({ name: ["can't be blank"] });
    expect(collectionFieldViolations({ name: '\u200bTeas' }, { name: false })).toEqual({});
  });
});

describe('collectionRoomViolations', () => {
  it('lets a product into at most 1000 collections, naming those already in as many', () => {
    expect(
      collectionRoomViolations(
        new Map([
          [7, 999],
          [9, 0],
        ]),
      ),
    ).toEqual({});
    expect(
      collectionRoomViolations(
        new Map([
          [7, 1_000],
          [8, 3],
          [9, 1_200],
        ]),
      ),
    ).toEqual({
      products: ['has products already in 1000 collections, the most a product can be in: 7, 9'],
    });
  });
});

describe('collection text limits', () => {
  it('bounds the name at 255 characters and the description at 65535', () => {
    expect(collectionFieldViolations({ name: 'n'.repeat(255), description: 'd'.repeat(65_535) }, { name: true })).toEqual({});
    expect(collectionFieldViolations({ name: 'n'.repeat(256), description: 'd'.repeat(65_536) }, { name: true })).toEqual({
      name: ['is too long (maximum is 255 characters)'],
      description: ['is too long (maximum is 65535 characters)'],
    });
  });
});
