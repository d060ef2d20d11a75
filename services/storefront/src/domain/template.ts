import type { TemplateFields } from './template-input';

/** The kinds of page template a store has (docs/templates.md#the-record): one of each default, and any number of custom pages. */
export const TEMPLATE_KINDS = ['home', 'collection', 'product', 'contact', 'faq', 'maintenance', 'custom'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/**
 * A page template as the storefront stores it: the owner's fields (domain/template-input.ts; the permalink is the page's
 * address under the site, `/pages/<permalink>` for custom pages; the content is Liquid markup, checked on save) and its place.
 */
export interface TemplateRecord extends TemplateFields {
  id: number;
  store_id: number;
  kind: TemplateKind;
  created_at: Date;
  updated_at: Date;
}
