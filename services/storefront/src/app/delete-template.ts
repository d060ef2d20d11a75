import { conflict, notFound, ruleBroken } from '@commerce/grpc-runtime';
import type { TemplateRecord } from '../domain/template';
import { getStore } from './get-store';
import { templateRecordOf } from './store-templates';
import { templateEvent } from './template-message';
import type { StorefrontDeps } from './storefront-deps';

const MAX_ATTEMPTS = 5;

/**
 * Deletes a custom template (DELETE /v1/store/templates/:id) with its `template/deleted` event, carrying the template as
 * it was, in the same write; its permalink is free at once. The six defaults cannot be deleted (the site renders its
 * pages with them): DEFAULT_TEMPLATE. Another store's template id is NOT_FOUND. A writer in another process makes the
 * version check fail; the delete is tried again on what it wrote.
 */
export async function deleteTemplate(
  deps: Pick<StorefrontDeps, 'stores' | 'templates' | 'clock' | 'updates'>,
  storeId: number,
  templateId: number,
): Promise<{ template: TemplateRecord; timeZone: string }> {
  const store = await getStore(deps, storeId);
  const template = await deps.updates.run(storeId, async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await deps.templates.findOf(storeId, templateId);
      if (!current) throw notFound('template');
      if (current.kind !== 'custom')
        throw ruleBroken('DEFAULT_TEMPLATE', `The ${current.name} template is one of the store's six defaults and can't be deleted`);
      const record = templateRecordOf(current);
      const deletedAt = deps.clock();
      const event = templateEvent('template/deleted', record, current.version + 1, store.time_zone, deletedAt);
      if (await deps.templates.remove(current, deletedAt, event)) return record;
    }
    throw conflict('The template is being changed by another request; try again');
  });
  return { template, timeZone: store.time_zone };
}
