import type { TemplateKind } from './template';

/** A template every store starts with (spec 2.8): one per kind but `custom`. */
export interface DefaultTemplate {
  kind: Exclude<TemplateKind, 'custom'>;
  name: string;
  permalink: string;
  content: string;
}

/**
 * The six defaults (Home, Collection, Product, Contact, FAQ, Maintenance). Their Liquid uses the
 * variables the page renderer provides (docs/storefront.md).
 */
export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = [
  { kind: 'home', name: 'Home', permalink: 'home', content: '<h1>{{ store.name }}</h1>' },
  { kind: 'collection', name: 'Collection', permalink: 'collection', content: '<h1>{{ collection.name }}</h1>' },
  { kind: 'product', name: 'Product', permalink: 'product', content: '<h1>{{ product.name }}</h1>' },
  { kind: 'contact', name: 'Contact', permalink: 'contact', content: '<h1>Contact</h1>' },
  { kind: 'faq', name: 'FAQ', permalink: 'faq', content: '<h1>FAQ</h1>' },
  { kind: 'maintenance', name: 'Maintenance', permalink: 'maintenance', content: '<h1>{{ store.name }} is closed for now</h1>' },
];
