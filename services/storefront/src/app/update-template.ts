import { checkedChanges, DomainError, notFound, validationFailed } from '@commerce/grpc-runtime';
import { DuplicateKeyError } from '@commerce/persistence';
import { changedTemplateFields, PERMALINK_TAKEN, templateFields, type TemplateChangesInput } from '../domain/template-input';
import type { TemplateRecord } from '../domain/template';
import { getStore } from './get-store';
import { templateRecordOf } from './store-templates';
import { templateEvent } from './template-message';
import type { StorefrontDeps } from './storefront-deps';

type UpdateTemplateDeps = Pick<StorefrontDeps, 'stores' | 'templates' | 'clock' | 'updates'>;

const MAX_ATTEMPTS = 5;

/**
 * Applies the owner's changes to one of the store's templates (PUT /v1/store/templates/:id) and records
 * `template/updated` with the new rendering in the same write. Another store's template id is NOT_FOUND; a change
 * that changes nothing writes nothing and emits nothing. A writer in another process makes the version check fail;
 * the change is re-read and re-applied rather than lost.
 */
export async function updateTemplate(
  deps: UpdateTemplateDeps,
  storeId: number,
  templateId: number,
  requested: TemplateChangesInput,
): Promise<{ template: TemplateRecord; timeZone: string }> {
  const store = await getStore(deps, storeId);
  const template = await deps.updates.run(storeId, () => applyChanges(deps, storeId, templateId, requested, store.time_zone));
  return { template, timeZone: store.time_zone };
}

async function applyChanges(
  deps: UpdateTemplateDeps,
  storeId: number,
  templateId: number,
  requested: TemplateChangesInput,
  timeZone: string,
): Promise<TemplateRecord> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await deps.templates.findOf(storeId, templateId);
    if (!current) throw notFound('template');
    const changes = checkedChanges(templateFields(current), requested);
    const changed = changedTemplateFields(current, changes);
    if (Object.keys(changed).length === 0) return templateRecordOf(current);

    if (changed.permalink !== undefined) {
      const holder = await deps.templates.findByPermalink(storeId, changed.permalink);
      if (holder && holder.id !== templateId) throw validationFailed({ permalink: [PERMALINK_TAKEN] });
    }
    const updated: TemplateRecord = { ...templateRecordOf(current), ...changed, updated_at: deps.clock() };
    const event = templateEvent('template/updated', updated, current.version + 1, timeZone);
    try {
      const written = await deps.templates.updateIfVersion(
        storeId,
        templateId,
        current.version,
        { ...changed, updated_at: updated.updated_at },
        event,
      );
      if (written) return templateRecordOf(written);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw validationFailed({ permalink: [PERMALINK_TAKEN] });
      throw error;
    }
  }
  throw new DomainError('CONFLICT', 'The template is being changed by another request; try again');
}
