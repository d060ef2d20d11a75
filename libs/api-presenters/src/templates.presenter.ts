import type { storefront } from '@commerce/contracts';
import { formatTimestamp } from './timestamp';
import { z } from 'zod';
import { id, timestamp } from './answer-schema';

/** What presentTemplate renders (the OpenAPI document's `Template`). */
export const templateJson = z
  .strictObject({
    id: id(),
    name: z.string(),
    permalink: z.string(),
    content: z.string(),
    kind: z.string(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Template' });

export type TemplateJson = z.infer<typeof templateJson>;

/**
 * A page template as docs/templates.md#the-record renders it: `{id, name, permalink, content, kind, created_at, updated_at}`,
 * timestamps in the store's zone. The answers of GET/POST/PUT /v1/store/templates and the `template/*` events
 * carry exactly this.
 */
export function presentTemplate(template: storefront.Template, timeZone: string): TemplateJson {
  return {
    id: template.id,
    name: template.name,
    permalink: template.permalink,
    content: template.content,
    kind: template.kind,
    created_at: formatTimestamp(template.created_at!, timeZone),
    updated_at: formatTimestamp(template.updated_at!, timeZone),
  };
}
