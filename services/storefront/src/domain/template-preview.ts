import type { StoreCatalog } from './store-catalog';
import type { TemplateRecord } from './template';

/**
 * The page of the site a template is previewed on (docs/templates.md#preview): the page it renders, the Product and
 * Collection templates with the store's newest product and oldest collection; '' when the store has no such record.
 */
export function previewPathOf(
  template: Pick<TemplateRecord, 'kind' | 'permalink'>,
  catalog: Pick<StoreCatalog, 'products' | 'collections'>,
): string {
  switch (template.kind) {
    case 'home':
    case 'maintenance':
      return '/';
    case 'product': {
      const newest = catalog.products[0];
      return newest ? `/products/${newest.product.id}` : '';
    }
    case 'collection': {
      const oldest = catalog.collections[0];
      return oldest ? `/collections/${oldest.id}` : '';
    }
    case 'contact':
      return '/contact';
    case 'faq':
      return '/faq';
    case 'custom':
      return `/pages/${template.permalink}`;
  }
}

/**
 * The stylesheet a preview links where the site links `/store.css`: the (unsaved) css itself, since a preview is shown
 * away from the store's own site, whose /store.css holds the saved one.
 */
export function stylesheetDataUrl(css: string): string {
  return `data:text/css;base64,${Buffer.from(css, 'utf8').toString('base64')}`;
}
