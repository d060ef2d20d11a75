import { ratesOfClass, ratesOfGroup, type ShippingClassRecord, type ShippingGroupRecord, type StoreShipping } from './store-shipping';

export type ShippingResourceType = 'shipping_group' | 'shipping_class';
export type ChangeVerb = 'created' | 'updated' | 'deleted';

/** One record whose rendering a change altered: it gets a new version and an event. */
export interface ResourceChange {
  type: ShippingResourceType;
  id: number;
  verb: ChangeVerb;
}

/**
 * What a change did, found by comparing what the API would render before and after. Deriving it
 * (instead of each use case listing what it touched) is what makes "a rate change updates both ends"
 * hold for every path, and a change that alters nothing announce nothing.
 * The `primary` record (the one the caller acted on) comes first; the rest follow by type and id.
 */
export function diffShipping(
  before: StoreShipping,
  after: StoreShipping,
  primary?: { type: ShippingResourceType; id: number },
): ResourceChange[] {
  const changes = [
    ...diffRecords('shipping_group', before.groups, after.groups, (shipping, id) => groupFingerprint(shipping, id), before, after),
    ...diffRecords('shipping_class', before.classes, after.classes, (shipping, id) => classFingerprint(shipping, id), before, after),
  ];
  const isPrimary = (change: ResourceChange) => change.type === primary?.type && change.id === primary.id;
  return [...changes.filter(isPrimary), ...changes.filter((change) => !isPrimary(change))];
}

function diffRecords(
  type: ShippingResourceType,
  beforeRecords: Array<{ id: number }>,
  afterRecords: Array<{ id: number }>,
  fingerprint: (shipping: StoreShipping, id: number) => string,
  before: StoreShipping,
  after: StoreShipping,
): ResourceChange[] {
  const beforeIds = new Set(beforeRecords.map((record) => record.id));
  const afterIds = new Set(afterRecords.map((record) => record.id));
  const ids = [...new Set([...beforeIds, ...afterIds])].sort((a, b) => a - b);
  const changes: ResourceChange[] = [];
  for (const id of ids) {
    if (!beforeIds.has(id)) changes.push({ type, id, verb: 'created' });
    else if (!afterIds.has(id)) changes.push({ type, id, verb: 'deleted' });
    else if (fingerprint(before, id) !== fingerprint(after, id)) changes.push({ type, id, verb: 'updated' });
  }
  return changes;
}

/** Everything of a group the API renders (docs/shipping.md#records), as one comparable string. */
function groupFingerprint(shipping: StoreShipping, id: number): string {
  const group = shipping.groups.find((candidate) => candidate.id === id);
  const rates = ratesOfGroup(shipping, id).map((rate) => [rate.class_id, rate.first_item_in_cents, rate.additional_item_in_cents]);
  return JSON.stringify([fieldsOf(group), rates]);
}

function classFingerprint(shipping: StoreShipping, id: number): string {
  const cls = shipping.classes.find((candidate) => candidate.id === id);
  const rates = ratesOfClass(shipping, id).map((rate) => [rate.group_id, rate.first_item_in_cents, rate.additional_item_in_cents]);
  return JSON.stringify([fieldsOf(cls), rates]);
}

/** A record's own fields (what its schema declares), by name: the stamps a change moves are not what it changed. */
function fieldsOf(record: (ShippingGroupRecord | ShippingClassRecord) | undefined): Array<[string, unknown]> {
  if (!record) return [];
  const { id: _id, version: _version, created_at: _created, updated_at: _updated, ...fields } = record;
  return Object.entries(fields).sort(([a], [b]) => a.localeCompare(b));
}

/** Moves every changed (still present) record to its next version and `now`; untouched records keep theirs. */
export function stampChanges(shipping: StoreShipping, changes: ResourceChange[], now: Date): StoreShipping {
  const touched = (type: ShippingResourceType, id: number) =>
    changes.some((change) => change.type === type && change.id === id && change.verb !== 'deleted');
  return {
    ...shipping,
    groups: shipping.groups.map((group) =>
      touched('shipping_group', group.id) ? { ...group, version: group.version + 1, updated_at: now } : group,
    ),
    classes: shipping.classes.map((cls) =>
      touched('shipping_class', cls.id) ? { ...cls, version: cls.version + 1, updated_at: now } : cls,
    ),
  };
}
