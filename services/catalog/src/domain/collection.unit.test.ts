import {
  applyCollectionChanges,
  collectionFieldViolations,
  collectionRoomViolations,
  distinctIds,
  membershipChanges,
  placeMember,
  withoutMember,
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

  it('places one product at a position, the others keeping their order', () => {
    expect(placeMember([1, 2, 3], 3, 1)).toEqual([3, 1, 2]);
    expect(placeMember([1, 2, 3], 1, 2)).toEqual([2, 1, 3]);
    expect(placeMember([1, 2, 3], 4, 2)).toEqual([1, 4, 2, 3]);
    expect(placeMember([1, 2, 3], 1, 99)).toEqual([2, 3, 1]);
  });

  it('without a position, puts a new product last and leaves a member where it is', () => {
    expect(placeMember([1, 2], 5, 0)).toEqual([1, 2, 5]);
    expect(placeMember([1, 2, 3], 2, 0)).toBeNull();
    expect(placeMember([1, 2, 3], 3, 7)).toBeNull();
    expect(placeMember([], 5, 0)).toEqual([5]);
  });

  it('takes one product out, or answers null when it is not a member', () => {
    expect(withoutMember([1, 2, 3], 2)).toEqual([1, 3]);
    expect(withoutMember([1, 3], 2)).toBeNull();
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
