/** The kinds of page template a store has (DESIGN §8): one of each default, and any number of custom pages. */
export const TEMPLATE_KINDS = ['home', 'collection', 'product', 'contact', 'faq', 'maintenance', 'custom'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** A page template as the storefront stores it. */
export interface TemplateRecord {
  id: number;
  store_id: number;
  name: string;
  /** The page's address under the site: `/pages/<permalink>` for custom pages. */
  permalink: string;
  /** Liquid markup, checked on save. */
  content: string;
  kind: TemplateKind;
  created_at: Date;
  updated_at: Date;
}
