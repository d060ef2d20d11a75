import type { ApiClient } from './api-client';
import type { IdRecord } from './api-records';
import { DEMO_COUNTRIES } from './order-plan';
import type { Progress } from './progress';

/** One group for every demo product, a Standard class to the five demo countries and an Express one to three of them. */
export const SHIPPING_PLAN = {
  group: { name: 'Demo goods' },
  classes: [
    { name: 'Standard', countries: [...DEMO_COUNTRIES], first_item_in_cents: 500, additional_item_in_cents: 200 },
    { name: 'Express', countries: ['US', 'CA', 'GB'], first_item_in_cents: 1_500, additional_item_in_cents: 500 },
  ],
} as const;

export interface DemoShipping {
  shipping_group_id: number;
  shipping_class_ids: number[];
}

/** POST /v1/shipping_groups, then each class with its rate for the group (docs/shipping.md). */
export async function createShipping(api: ApiClient, progress: Progress): Promise<DemoShipping> {
  progress.start('shipping', 1 + SHIPPING_PLAN.classes.length);
  const group = await api.call<IdRecord>('POST', '/v1/shipping_groups', { name: SHIPPING_PLAN.group.name });
  progress.tick();
  const classIds: number[] = [];
  for (const { name, countries, first_item_in_cents, additional_item_in_cents } of SHIPPING_PLAN.classes) {
    const created = await api.call<IdRecord>('POST', '/v1/shipping_classes', {
      name,
      countries,
      rates: [{ shipping_group_id: group.id, first_item_in_cents, additional_item_in_cents }],
    });
    classIds.push(created.id);
    progress.tick();
  }
  progress.finish();
  return { shipping_group_id: group.id, shipping_class_ids: classIds };
}
