import type { storefront } from '@commerce/contracts';
import { presentTemplate } from '@commerce/api-presenters';
import { newEvent, type DomainEvent } from '@commerce/events';
import type { TemplateRecord } from '../domain/template';
import { templateFieldsOf } from '../domain/template-input';

/** The contract's Template: the record without its store. */
export function toTemplateMessage(record: TemplateRecord): storefront.Template {
  return {
    id: record.id,
    ...templateFieldsOf(record),
    kind: record.kind,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** `template/created`, `template/updated` or `template/deleted` carrying the template as the API renders it, in the store's zone. */
export function templateEvent(
  topic: 'template/created' | 'template/updated' | 'template/deleted',
  record: TemplateRecord,
  sequence: number,
  timeZone: string,
  now: Date = record.updated_at,
): DomainEvent {
  return newEvent({
    topic,
    storeId: record.store_id,
    resourceType: 'template',
    resourceId: record.id,
    sequence,
    resource: presentTemplate(toTemplateMessage(record), timeZone),
    now,
  });
}
