import type { TemplateRecord } from '../domain/template';
import { getStore } from './get-store';
import { templatesOf } from './store-templates';
import type { StorefrontDeps } from './storefront-deps';

/** GET /v1/store/templates: every template of the store, its six defaults first written if missing, and its zone. */
export async function listTemplates(
  deps: Pick<StorefrontDeps, 'stores' | 'templates' | 'nextId' | 'clock' | 'storeDefaults'>,
  storeId: number,
): Promise<{ templates: TemplateRecord[]; timeZone: string }> {
  const store = await getStore(deps, storeId);
  return { templates: await templatesOf(deps, storeId), timeZone: store.time_zone };
}
