import type { RateAmounts, ShippingClassFields, ShippingGroupFields } from './shipping-input';

/**
 * One store's shipping configuration: its groups, classes and the rates between them (docs/shipping.md#records).
 * It is one aggregate because a rate belongs to both ends: a change to it must change, and announce,
 * the group and the class together, and keep every rate pointing at a group and a class that exist.
 */
export interface StoreShipping {
  groups: ShippingGroupRecord[];
  classes: ShippingClassRecord[];
  /** Ordered by (group_id, class_id); at most one per pair. */
  rates: ShippingRateRecord[];
}

/** What the store adds to a group's or a class's fields. */
interface Stamps {
  /** Per-resource version: the `sequence` of its latest event. */
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** The group's fields (domain/shipping-input.ts) but its rates, which `StoreShipping.rates` keeps by pair. */
export type ShippingGroupRecord = Omit<ShippingGroupFields, 'rates'> & { id: number } & Stamps;

/** The class's fields but its rates; `countries` are upper-case ISO 3166-1 alpha-2 codes, no duplicates, in the order given. */
export type ShippingClassRecord = Omit<ShippingClassFields, 'rates'> & { id: number } & Stamps;

export interface ShippingRateRecord {
  group_id: number;
  class_id: number;
  first_item_in_cents: number;
  additional_item_in_cents: number;
}

export const EMPTY_STORE_SHIPPING: StoreShipping = Object.freeze({ groups: [], classes: [], rates: [] });

export const findGroup = (shipping: StoreShipping, id: number): ShippingGroupRecord | undefined =>
  shipping.groups.find((group) => group.id === id);
export const findClass = (shipping: StoreShipping, id: number): ShippingClassRecord | undefined =>
  shipping.classes.find((cls) => cls.id === id);
export const findRate = (shipping: StoreShipping, groupId: number, classId: number): ShippingRateRecord | undefined =>
  shipping.rates.find((rate) => rate.group_id === groupId && rate.class_id === classId);

/** A group's rates, by class id (the order the contract promises). */
export const ratesOfGroup = (shipping: StoreShipping, groupId: number): ShippingRateRecord[] =>
  shipping.rates.filter((rate) => rate.group_id === groupId).sort((a, b) => a.class_id - b.class_id);

/** A class's rates, by group id. */
export const ratesOfClass = (shipping: StoreShipping, classId: number): ShippingRateRecord[] =>
  shipping.rates.filter((rate) => rate.class_id === classId).sort((a, b) => a.group_id - b.group_id);

/** The group a product gets when created without one: the lowest id. */
export function defaultGroup(shipping: StoreShipping): ShippingGroupRecord | undefined {
  return [...shipping.groups].sort((a, b) => a.id - b.id)[0];
}

const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;
const byPair = (a: ShippingRateRecord, b: ShippingRateRecord) => a.group_id - b.group_id || a.class_id - b.class_id;

/** Replaces the rates that match `drop` with `add`; the one place the rate order is kept. */
function withRates(shipping: StoreShipping, drop: (rate: ShippingRateRecord) => boolean, add: ShippingRateRecord[]): StoreShipping {
  return { ...shipping, rates: [...shipping.rates.filter((rate) => !drop(rate)), ...add].sort(byPair) };
}

// The changes below are pure: they answer a new configuration and leave versions and updated_at to
// `stampChanges`, which sees which records a change really touched.

export function addGroup(
  shipping: StoreShipping,
  group: Omit<ShippingGroupRecord, keyof Stamps>,
  rates: Array<RateAmounts & { class_id: number }>,
  now: Date,
): StoreShipping {
  const record: ShippingGroupRecord = { ...group, version: 0, created_at: now, updated_at: now };
  const added = { ...shipping, groups: [...shipping.groups, record].sort(byId) };
  return upsertGroupRates(added, group.id, rates);
}

export function changeGroup(shipping: StoreShipping, groupId: number, changes: Partial<Omit<ShippingGroupFields, 'rates'>>): StoreShipping {
  return { ...shipping, groups: shipping.groups.map((group) => (group.id === groupId ? { ...group, ...changes } : group)) };
}

/**
 * Sets the group's rate with each class named (created or replaced); the group's rates with classes left
 * out stay as they are, so an empty list changes nothing. Removing one rate is `removeRate`, never a side
 * effect of a list that leaves a class out.
 */
export function upsertGroupRates(
  shipping: StoreShipping,
  groupId: number,
  rates: Array<RateAmounts & { class_id: number }>,
): StoreShipping {
  const named = new Set(rates.map((rate) => rate.class_id));
  return withRates(
    shipping,
    (rate) => rate.group_id === groupId && named.has(rate.class_id),
    rates.map((rate) => ({ group_id: groupId, ...rate })),
  );
}

export function removeGroup(shipping: StoreShipping, groupId: number): StoreShipping {
  const without = { ...shipping, groups: shipping.groups.filter((group) => group.id !== groupId) };
  return withRates(without, (rate) => rate.group_id === groupId, []);
}

export function addClass(
  shipping: StoreShipping,
  cls: Omit<ShippingClassRecord, keyof Stamps>,
  rates: Array<RateAmounts & { group_id: number }>,
  now: Date,
): StoreShipping {
  const record: ShippingClassRecord = { ...cls, version: 0, created_at: now, updated_at: now };
  const added = { ...shipping, classes: [...shipping.classes, record].sort(byId) };
  return upsertClassRates(added, cls.id, rates);
}

export function changeClass(shipping: StoreShipping, classId: number, changes: Partial<Omit<ShippingClassFields, 'rates'>>): StoreShipping {
  return { ...shipping, classes: shipping.classes.map((cls) => (cls.id === classId ? { ...cls, ...changes } : cls)) };
}

/** Sets the class's rate with each group named; its rates with groups left out stay as they are. */
export function upsertClassRates(
  shipping: StoreShipping,
  classId: number,
  rates: Array<RateAmounts & { group_id: number }>,
): StoreShipping {
  const named = new Set(rates.map((rate) => rate.group_id));
  return withRates(
    shipping,
    (rate) => rate.class_id === classId && named.has(rate.group_id),
    rates.map((rate) => ({ class_id: classId, ...rate })),
  );
}

export function removeClass(shipping: StoreShipping, classId: number): StoreShipping {
  const without = { ...shipping, classes: shipping.classes.filter((cls) => cls.id !== classId) };
  return withRates(without, (rate) => rate.class_id === classId, []);
}

/** Creates or replaces the rate of one pair. */
export function setRate(shipping: StoreShipping, groupId: number, classId: number, amounts: RateAmounts): StoreShipping {
  return withRates(shipping, (rate) => rate.group_id === groupId && rate.class_id === classId, [
    { group_id: groupId, class_id: classId, ...amounts },
  ]);
}

/** Removes the rate of one pair (both ends stay); a pair without a rate is left as it is. */
export function removeRate(shipping: StoreShipping, groupId: number, classId: number): StoreShipping {
  return withRates(shipping, (rate) => rate.group_id === groupId && rate.class_id === classId, []);
}
