import type { TemplateKind } from './template';

/** The kinds of template every store has one of. */
export type DefaultTemplateKind = Exclude<TemplateKind, 'custom'>;

/** A template every store starts with (docs/templates.md#the-record): one per kind but `custom`. */
export interface DefaultTemplate {
  kind: DefaultTemplateKind;
  name: string;
  permalink: string;
}

/**
 * What a new store starts with beyond its record's fields: its own layout and stylesheet, and the Liquid of its six
 * default templates (the page renderer's variables, docs/buyer-site.md; the product page's form is the gateway's cart
 * contract). They are files in services/storefront/assets/store-defaults/ (docs/service-template.md#assets), read once
 * at start (infra/storefront-assets.ts).
 */
export interface StoreDefaults {
  layout: string;
  css: string;
  templates: Readonly<Record<DefaultTemplateKind, string>>;
}

/** The six defaults (Home, Collection, Product, Contact, FAQ, Maintenance); their content is StoreDefaults' `templates`. */
export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = [
  { kind: 'home', name: 'Home', permalink: 'home' },
  { kind: 'collection', name: 'Collection', permalink: 'collection' },
  { kind: 'product', name: 'Product', permalink: 'product' },
  { kind: 'contact', name: 'Contact', permalink: 'contact' },
  { kind: 'faq', name: 'FAQ', permalink: 'faq' },
  { kind: 'maintenance', name: 'Maintenance', permalink: 'maintenance' },
];
