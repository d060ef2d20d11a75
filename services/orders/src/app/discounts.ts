// The store's discount codes (docs/money.md#discount-codes): list, get, create, update, delete. Redemption is
// checkout's (DiscountRedemptionRepository); these only keep the records.
import { presentDiscount } from '@commerce/api-presenters';
import type { orders } from '@commerce/contracts';
import { newEvent, type DomainEvent } from '@commerce/events';
import { notFound, validationFailed } from '@commerce/grpc-runtime';
import { storeZone } from '@commerce/store-zones';
import { checkedDiscount, codeKeyOf, duplicateCode, fieldsOf, storedValue, type Discount, type DiscountFields } from '../domain/discount';
import { pageOf } from '../domain/paging';
import type { DiscountDocument } from '../infra/discount.repository';
import type { OrdersDeps } from './orders-deps';

type DiscountsDeps = Pick<OrdersDeps, 'discounts' | 'zones' | 'storefront' | 'nextId' | 'clock'>;
type DiscountTopic = 'discount/created' | 'discount/updated' | 'discount/deleted';

/** A request's fields as the record's schema names them, values unchecked: absent = unchanged (default on create), null = cleared. */
export type DiscountChanges = { readonly [K in keyof DiscountFields]?: unknown };

const MAX_ATTEMPTS = 8;

/** The stored document as the record (an unlimited discount stores no usage_limit). */
const discountOf = (document: DiscountDocument): Discount => ({ ...document, usage_limit: document.usage_limit ?? null });

/** A stored discount → the contract's Discount (absent times and limit stay absent). */
export function discountMessage(discount: Discount): orders.Discount {
  return {
    id: discount.id,
    code: discount.code,
    kind: discount.kind,
    percent_bp: discount.percent_bp,
    amount: discount.amount,
    minimum_subtotal: discount.minimum_subtotal,
    product_ids: [...discount.product_ids],
    collection_ids: [...discount.collection_ids],
    starts_at: discount.starts_at ?? undefined,
    ends_at: discount.ends_at ?? undefined,
    usage_limit: discount.usage_limit ?? undefined,
    once_per_customer: discount.once_per_customer,
    times_used: discount.times_used,
    created_at: discount.created_at,
    updated_at: discount.updated_at,
  };
}

/** The event of a change, its resource the discount as the API renders it, sequenced by the record's version. */
const discountEvent =
  (topic: DiscountTopic, discount: Discount, timeZone: string, now: Date) =>
  (sequence: number): DomainEvent =>
    newEvent({
      topic,
      storeId: discount.store_id,
      resourceType: 'discount',
      resourceId: discount.id,
      sequence,
      resource: presentDiscount(discountMessage(discount), timeZone),
      now,
    });

/** The owner's fields as the record keeps them (value as percent_bp or amount, the code's key). */
function recordOf(fields: DiscountFields): Omit<Discount, 'id' | 'store_id' | 'times_used' | 'created_at' | 'updated_at'> {
  const { value, ...rest } = fields;
  return { ...rest, code_key: codeKeyOf(fields.code), ...storedValue(fields.kind, value) };
}

async function findDiscount(deps: Pick<OrdersDeps, 'discounts'>, storeId: number, discountId: number): Promise<DiscountDocument> {
  const found = await deps.discounts.findLive(storeId, discountId);
  if (!found) throw notFound('discount');
  return found;
}

export async function listDiscounts(
  deps: DiscountsDeps,
  storeId: number,
  request: Pick<orders.ListDiscountsRequest, 'page' | 'limit'>,
): Promise<orders.ListDiscountsResponse> {
  const { page, limit, skip } = pageOf(request.page, request.limit || undefined);
  const [found, timeZone] = await Promise.all([deps.discounts.page({ storeId, skip, limit }), storeZone(deps, storeId)]);
  return { discounts: found.discounts.map((d) => discountMessage(discountOf(d))), total: found.total, page, limit, time_zone: timeZone };
}

export async function getDiscount(deps: DiscountsDeps, storeId: number, discountId: number): Promise<orders.GetDiscountResponse> {
  const [found, timeZone] = await Promise.all([findDiscount(deps, storeId, discountId), storeZone(deps, storeId)]);
  return { discount: discountMessage(discountOf(found)), time_zone: timeZone };
}

/** Checks every field, then stores the discount with discount/created; a code the store has (in any case) is a 422. */
export async function createDiscount(deps: DiscountsDeps, storeId: number, input: DiscountChanges): Promise<orders.CreateDiscountResponse> {
  const fields = checkedDiscount(input);
  const timeZone = await storeZone(deps, storeId);
  const now = deps.clock();
  const discount: Discount = {
    id: await deps.nextId('discounts'),
    store_id: storeId,
    ...recordOf(fields),
    times_used: 0,
    created_at: now,
    updated_at: now,
  };
  const saved = await deps.discounts.insert(discount, discountEvent('discount/created', discount, timeZone, now));
  if (!saved) throw validationFailed(duplicateCode());
  return { discount: discountMessage(discountOf(saved)), time_zone: timeZone };
}

/** Changes the fields given; the discount they make is checked as a create is. Nothing changed answers it as it is. */
export async function updateDiscount(
  deps: DiscountsDeps,
  storeId: number,
  discountId: number,
  changes: DiscountChanges,
): Promise<orders.UpdateDiscountResponse> {
  const timeZone = await storeZone(deps, storeId);
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await findDiscount(deps, storeId, discountId);
    const record = discountOf(current);
    const fields = checkedDiscount({ ...fieldsOf(record), ...given });
    const now = deps.clock();
    const next: Discount = { ...record, ...recordOf(fields), updated_at: now };
    if (sameOwnerFields(record, next)) return { discount: discountMessage(record), time_zone: timeZone };
    const written = await deps.discounts.replace(current, next, discountEvent('discount/updated', next, timeZone, now));
    if (written === 'duplicate_code') throw validationFailed(duplicateCode());
    if (written) return { discount: discountMessage(discountOf(written)), time_zone: timeZone };
    // null: another update or a delete since it was read (a redemption changes no version); read it again.
  }
  throw new Error(`updateDiscount: discount ${discountId} kept changing`);
}

/** Removes the discount (orders that used it keep their code text) and answers it as it was, with discount/deleted. */
export async function deleteDiscount(deps: DiscountsDeps, storeId: number, discountId: number): Promise<orders.DeleteDiscountResponse> {
  const timeZone = await storeZone(deps, storeId);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await findDiscount(deps, storeId, discountId);
    const record = discountOf(current);
    const now = deps.clock();
    if (await deps.discounts.softDelete(current, now, discountEvent('discount/deleted', record, timeZone, now))) {
      return { discount: discountMessage(record), time_zone: timeZone };
    }
  }
  throw new Error(`deleteDiscount: discount ${discountId} kept changing`);
}

function sameOwnerFields(a: Discount, b: Discount): boolean {
  const keys = Object.keys(recordOf(fieldsOf(a))) as Array<keyof Discount>;
  return keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}
