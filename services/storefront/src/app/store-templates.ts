import { DEFAULT_TEMPLATES, type DefaultTemplate } from '../domain/default-templates';
import type { TemplateRecord } from '../domain/template';
import type { TemplateDocument } from '../infra/template.repository';
import type { StorefrontDeps } from './storefront-deps';

type TemplateDeps = Pick<StorefrontDeps, 'templates' | 'stores' | 'nextId' | 'clock' | 'storeDefaults'>;

/** The record of a stored template, without the document's bookkeeping (version, slot, outbox). */
export function templateRecordOf(document: TemplateDocument): TemplateRecord {
  const { id, store_id, name, permalink, content, kind, created_at, updated_at } = document;
  return { id, store_id, name, permalink, content, kind, created_at, updated_at };
}

/**
 * Every template of the store, oldest first, its six defaults guaranteed: a store that lacks one (created before
 * templates existed, or a crash between writing the store and its defaults) gets it now. Safe to run at once from
 * several callers: one default per kind is a unique key, the loser re-reads. An unknown store answers [].
 */
export async function templatesOf(deps: TemplateDeps, storeId: number): Promise<TemplateRecord[]> {
  const stored = await deps.templates.listOf(storeId);
  if (missingDefaults(stored).length === 0) return stored.map(templateRecordOf);
  if (!(await deps.stores.findById(storeId))) return [];
  await ensureDefaultTemplates(deps, storeId, stored);
  return (await deps.templates.listOf(storeId)).map(templateRecordOf);
}

/** Writes the store's missing defaults (all six for a new store); idempotent. `stored`: the templates read already. */
export async function ensureDefaultTemplates(
  deps: Pick<TemplateDeps, 'templates' | 'nextId' | 'clock' | 'storeDefaults'>,
  storeId: number,
  stored?: TemplateDocument[],
): Promise<void> {
  const missing = missingDefaults(stored ?? (await deps.templates.listOf(storeId)));
  const now = deps.clock();
  for (const template of missing) {
    const record: TemplateRecord = {
      id: await deps.nextId('templates'),
      store_id: storeId,
      ...template,
      content: deps.storeDefaults.templates[template.kind],
      created_at: now,
      updated_at: now,
    };
    // A concurrent ensure may have written this default first ('kind': nothing to do).
    const insertion = await deps.templates.insert(record, []);
    // No custom template may take a default's permalink (domain/template-input.ts), but one saved before a default's
    // permalink was reserved may hold it: the default still exists, at an address of its own.
    if ('taken' in insertion && insertion.taken === 'permalink')
      await deps.templates.insert({ ...record, permalink: `${record.permalink}-${record.id}` }, []);
  }
}

function missingDefaults(stored: readonly TemplateDocument[]): readonly DefaultTemplate[] {
  const kinds = new Set(stored.filter((template) => template.kind !== 'custom').map((template) => template.kind));
  return DEFAULT_TEMPLATES.filter((template) => !kinds.has(template.kind));
}
