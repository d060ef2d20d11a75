import type { storefront } from '@commerce/contracts';
import { formatTimestamp } from './timestamp';

/**
 * A page template as DESIGN §8 renders it: `{id, name, permalink, content, kind, created_at, updated_at}`,
 * timestamps in the store's zone. The answers of GET/POST/PUT /v1/store/templates and the `template/*` events
 * carry exactly this.
 */
export function presentTemplate(template: storefront.Template, timeZone: string) {
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

export type TemplateJson = ReturnType<typeof presentTemplate>;
