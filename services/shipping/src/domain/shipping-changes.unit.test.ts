import { diffShipping, stampChanges } from './shipping-changes';
import {
  addClass,
  addGroup,
  changeClass,
  removeClass,
  removeGroup,
  removeRate,
  changeGroup,
  setRate,
  upsertClassRates,
  upsertGroupRates,
  type StoreShipping,
} from './store-shipping';

const at = new Date('2024-01-01T00:00:00Z');
const later = new Date('2024-02-01T00:00:00Z');
const amounts = (first_item_in_cents: number, additional_item_in_cents = 0) => ({ first_item_in_cents, additional_item_in_cents });

/** Groups 1 and 2, classes 3 and 4; group 1 is rated with both classes, group 2 with class 3. */
function aStore(): StoreShipping {
  let store: StoreShipping = { groups: [], classes: [], rates: [] };
  store = addClass(store, { id: 3, name: 'Standard', countries: ['US'] }, [], at);
  store = addClass(store, { id: 4, name: 'Express', countries: ['US'] }, [], at);
  store = addGroup(
    store,
    { id: 1, name: 'Posters' },
    [
      { class_id: 3, ...amounts(500) },
      { class_id: 4, ...amounts(900) },
    ],
    at,
  );
  store = addGroup(store, { id: 2, name: 'Mugs' }, [{ class_id: 3, ...amounts(700) }], at);
  return stampChanges(store, diffShipping({ groups: [], classes: [], rates: [] }, store), at);
}

describe('diffShipping', () => {
  it('finds a creation and the class a new group rates, the acted-on record first', () => {
    const before = aStore();
    const after = addGroup(before, { id: 5, name: 'Prints' }, [{ class_id: 4, ...amounts(100) }], later);
    expect(diffShipping(before, after, { type: 'shipping_group', id: 5 })).toEqual([
      { type: 'shipping_group', id: 5, verb: 'created' },
      { type: 'shipping_class', id: 4, verb: 'updated' },
    ]);
  });

  it('touches both ends of a changed rate and nothing else', () => {
    const before = aStore();
    expect(diffShipping(before, setRate(before, 1, 3, amounts(501)))).toEqual([
      { type: 'shipping_group', id: 1, verb: 'updated' },
      { type: 'shipping_class', id: 3, verb: 'updated' },
    ]);
  });

  it('sees a rename as one change, and no change as none', () => {
    const before = aStore();
    expect(diffShipping(before, changeGroup(before, 2, { name: 'Cups' }))).toEqual([{ type: 'shipping_group', id: 2, verb: 'updated' }]);
    expect(diffShipping(before, changeGroup(before, 2, { name: 'Mugs' }))).toEqual([]);
    expect(diffShipping(before, setRate(before, 1, 3, amounts(500)))).toEqual([]);
    expect(diffShipping(before, changeClass(before, 3, { countries: ['US'] }))).toEqual([]);
  });

  it('announces only the classes whose rate an upsert of group rates changed', () => {
    const before = aStore();
    const after = upsertGroupRates(before, 1, [
      { class_id: 3, ...amounts(500) },
      { class_id: 4, ...amounts(950) },
    ]);
    expect(diffShipping(before, after, { type: 'shipping_group', id: 1 })).toEqual([
      { type: 'shipping_group', id: 1, verb: 'updated' },
      { type: 'shipping_class', id: 4, verb: 'updated' },
    ]);
  });

  it('announces the group a class gains a rate with, and not the groups it keeps its rate with', () => {
    const before = aStore();
    const after = upsertClassRates(before, 4, [{ group_id: 2, ...amounts(100) }]);
    expect(diffShipping(before, after, { type: 'shipping_class', id: 4 })).toEqual([
      { type: 'shipping_class', id: 4, verb: 'updated' },
      { type: 'shipping_group', id: 2, verb: 'updated' },
    ]);
  });

  it('sees an empty upsert as no change', () => {
    const before = aStore();
    expect(diffShipping(before, upsertGroupRates(before, 1, []))).toEqual([]);
    expect(diffShipping(before, upsertClassRates(before, 3, []))).toEqual([]);
  });

  it('touches both ends of a removed rate, as a changed rate does', () => {
    const before = aStore();
    expect(diffShipping(before, removeRate(before, 1, 4), { type: 'shipping_group', id: 1 })).toEqual([
      { type: 'shipping_group', id: 1, verb: 'updated' },
      { type: 'shipping_class', id: 4, verb: 'updated' },
    ]);
  });

  it('deletes a group with its rates, updating every class it was rated with', () => {
    const before = aStore();
    const after = removeGroup(before, 1);
    expect(after.rates).toEqual([{ group_id: 2, class_id: 3, ...amounts(700) }]);
    expect(diffShipping(before, after, { type: 'shipping_group', id: 1 })).toEqual([
      { type: 'shipping_group', id: 1, verb: 'deleted' },
      { type: 'shipping_class', id: 3, verb: 'updated' },
      { type: 'shipping_class', id: 4, verb: 'updated' },
    ]);
  });

  it('deletes a class with its rates, updating every group it rated', () => {
    const before = aStore();
    const after = removeClass(before, 3);
    expect(after.rates).toEqual([{ group_id: 1, class_id: 4, ...amounts(900) }]);
    expect(diffShipping(before, after, { type: 'shipping_class', id: 3 })).toEqual([
      { type: 'shipping_class', id: 3, verb: 'deleted' },
      { type: 'shipping_group', id: 1, verb: 'updated' },
      { type: 'shipping_group', id: 2, verb: 'updated' },
    ]);
  });
});

describe('stampChanges', () => {
  it('moves only the changed records to their next version and time', () => {
    const before = aStore();
    const changed = setRate(before, 2, 3, amounts(1));
    const after = stampChanges(changed, diffShipping(before, changed), later);
    expect(after.groups.map((group) => [group.id, group.version, group.updated_at])).toEqual([
      [1, 1, at],
      [2, 2, later],
    ]);
    expect(after.classes.map((cls) => [cls.id, cls.version, cls.updated_at])).toEqual([
      [3, 2, later],
      [4, 1, at],
    ]);
  });
});
