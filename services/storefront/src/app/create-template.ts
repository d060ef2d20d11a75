import { checkedFields, validationFailed } from '@commerce/grpc-runtime';
import { PERMALINK_TAKEN, permalinkFromName, templateFields, type NewTemplateInput } from '../domain/template-input';
import type { TemplateRecord } from '../domain/template';
import { getStore } from './get-store';
import { templateRecordOf } from './store-templates';
import { templateEvent } from './template-message';
import type { StorefrontDeps } from './storefront-deps';

/**
 * Creates a custom template (POST /v1/store/templates) with its `template/created` event in the same write. The
 * permalink, when not given, is made from the name; one already used by another template of the store is a 422.
 */
export async function createTemplate(
  deps: Pick<StorefrontDeps, 'stores' | 'templates' | 'nextId' | 'clock'>,
  storeId: number,
  input: NewTemplateInput,
): Promise<{ template: TemplateRecord; timeZone: string }> {
  const prepared = checkedFields(templateFields(), { ...input, permalink: input.permalink.trim() || permalinkFromName(input.name) });

  const store = await getStore(deps, storeId);
  if (await deps.templates.findByPermalink(storeId, prepared.permalink)) throw validationFailed({ permalink: [PERMALINK_TAKEN] });

  const now = deps.clock();
  const record: TemplateRecord = {
    id: await deps.nextId('templates'),
    store_id: storeId,
    ...prepared,
    kind: 'custom',
    created_at: now,
    updated_at: now,
  };
  const insertion = await deps.templates.insert(record, [templateEvent('template/created', record, 1, store.time_zone)]);
  // Only the permalink can collide: a custom template's kind slot is its own new id.
  if (!('stored' in insertion)) throw validationFailed({ permalink: [PERMALINK_TAKEN] });
  return { template: templateRecordOf(insertion.stored), timeZone: store.time_zone };
}
