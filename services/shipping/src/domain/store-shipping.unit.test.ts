import { addClass, addGroup, removeRate, upsertClassRates, upsertGroupRates, type StoreShipping } from './store-shipping';

const at = new Date('2024-01-01T00:00:00Z');
const amounts = (first_item_in_cents: number, additional_item_in_cents = 0) => ({ first_item_in_cents, additional_item_in_cents });

/** Groups 1 and 2, classes 3, 4 and 5; group 1 is rated with classes 3 and 4, group 2 with class 3. */
function aStore(): StoreShipping {
  let store: StoreShipping = { groups: [], classes: [], rates: [] };
  store = addClass(store, { id: 3, name: 'Standard', countries: ['US'] }, [], at);
  store = addClass(store, { id: 4, name: 'Express', countries: ['US'] }, [], at);
  store = addClass(store, { id: 5, name: 'Economy', countries: ['US'] }, [], at);
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
  return store;
}

describe('upsertGroupRates', () => {
  it('sets the classes it names and keeps every other rate of the group', () => {
    const after = upsertGroupRates(aStore(), 1, [
      { class_id: 5, ...amounts(300) },
      { class_id: 3, ...amounts(600, 50) },
    ]);

    expect(after.rates).toEqual([
      { group_id: 1, class_id: 3, ...amounts(600, 50) },
      { group_id: 1, class_id: 4, ...amounts(900) },
      { group_id: 1, class_id: 5, ...amounts(300) },
      { group_id: 2, class_id: 3, ...amounts(700) },
    ]);
  });

  it('changes no rate when it names none', () => {
    const before = aStore();

    expect(upsertGroupRates(before, 1, []).rates).toEqual(before.rates);
  });
});

describe('upsertClassRates', () => {
  it('sets the groups it names and keeps every other rate of the class', () => {
    const after = upsertClassRates(aStore(), 3, [{ group_id: 2, ...amounts(800, 100) }]);

    expect(after.rates).toEqual([
      { group_id: 1, class_id: 3, ...amounts(500) },
      { group_id: 1, class_id: 4, ...amounts(900) },
      { group_id: 2, class_id: 3, ...amounts(800, 100) },
    ]);
  });

  it('changes no rate when it names none', () => {
    const before = aStore();

    expect(upsertClassRates(before, 4, []).rates).toEqual(before.rates);
  });
});

describe('removeRate', () => {
  it('removes the one pair and keeps both ends and every other rate', () => {
    const before = aStore();
    const after = removeRate(before, 1, 3);

    expect(after.rates).toEqual([
      { group_id: 1, class_id: 4, ...amounts(900) },
      { group_id: 2, class_id: 3, ...amounts(700) },
    ]);
    expect(after.groups).toEqual(before.groups);
    expect(after.classes).toEqual(before.classes);
  });

  it('changes nothing for a pair without a rate', () => {
    const before = aStore();

    expect(removeRate(before, 2, 4).rates).toEqual(before.rates);
  });
});
