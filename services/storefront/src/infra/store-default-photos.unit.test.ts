import { presentPhoto, type VariantJson } from '@commerce/api-presenters';
import { productVariables } from '../domain/site-variables';
import { siteProduct, siteVariant } from '../domain/site-records.fixture';
import { buildStoreCatalog, type ProductSnapshot } from '../domain/store-catalog';
import type { TemplateRecord } from '../domain/template';
import { LiquidPageEngine } from './liquid.engine';
import { loadStorefrontAssets } from './storefront-assets';

// The default Home, Collection and Product templates (assets/store-defaults/) with photos we host and photos we don't.

const { builtInPages, storeDefaults } = loadStorefrontAssets();
const KEY = 'c'.repeat(64);
const AT = new Date('2026-11-01T10:00:00Z');

const hostedPhoto = (id: number) =>
  presentPhoto({ id, url: '', image_id: id, media_key: KEY, width: 1200, height: 800 }, '//api.shops.example');
const urlPhoto = presentPhoto({ id: 9, url: 'https://img.example/t.jpg', image_id: 0, media_key: '', width: 0, height: 0 });

const variant = (productId: number): VariantJson => siteVariant({ id: productId * 10, product_id: productId });

const product = (id: number, photos: ReturnType<typeof presentPhoto>[]): ProductSnapshot =>
  siteProduct({ id, name: `Tea & "${id}"`, photos: photos.map((photo) => ({ photo })) } as Partial<ProductSnapshot>);

/** Six hosted products, newest first, then one whose photo is only a URL and one without any. */
const snapshots = [
  ...[1, 2, 3, 4, 5, 6].map((id) => product(id, [hostedPhoto(id), hostedPhoto(id + 100)])),
  product(7, [urlPhoto]),
  product(8, []),
];
const catalog = buildStoreCatalog(
  snapshots,
  snapshots.map((p) => variant(p.id)),
  [],
);
const products = catalog.products.map((entry) => productVariables(entry, catalog, '', 'USD'));

async function render(kind: 'home' | 'product', variables: object): Promise<string> {
  const template: TemplateRecord = {
    id: 1,
    store_id: 1,
    name: kind,
    permalink: kind,
    content: storeDefaults.templates[kind],
    kind,
    created_at: AT,
    updated_at: AT,
  };
  return new LiquidPageEngine(builtInPages).renderTemplate({ storeId: 1, templates: [template] }, template, variables);
}

const WIDTHS_SRCSET = [64, 200, 400, 600, 1000].map((n) => `/media/${KEY}/${n}w ${n}w`).join(', ');

const imgOf = (html: string, productId: number) => /<img [^>]*>/.exec(html.split(`data-product-id="${productId}"`)[1] ?? '')?.[0];

describe('the default templates show hosted photos as responsive renditions', () => {
  it('writes the home grid with the Nw srcset, the 400w size, the name as alt, and lazy loading below the first row', async () => {
    const html = await render('home', { products, pagination: { pages: 1 } });
    expect(imgOf(html, 1)).toContain(
      `<img src="/media/${KEY}/400w" srcset="${WIDTHS_SRCSET}" sizes="(max-width: 520px) 100vw, 260px" width="400" height="267" ` +
        'alt="Tea &amp; &quot;1&quot;"',
    );
    // Newest first: products 8 and 7 (no hosted photo) fill the first two of the four cards the first row shows.
    const cards = (html.match(/<img [^>]*>|<div class="no-photo">/g) ?? []).map((tag) => tag.includes('loading="lazy"'));
    expect(cards).toEqual([false, true, false, false, true, true, true, true]);
  });

  it('keeps the old rendering for a photo that is only a URL, and the grey box without one', async () => {
    const html = await render('home', { products, pagination: { pages: 1 } });
    expect(imgOf(html, 7)).toBe(
      '<img src="https://img.example/t.jpg?w=400&amp;h=400&amp;fit=max" alt="Tea &amp; &quot;7&quot;" loading="lazy">',
    );
    expect(html.split('data-product-id="8"')[1]).toMatch(/^[^<]*<a [^>]*>\s*<div class="no-photo">/);
  });

  it('writes the product page with the 600w size and its square thumbnails', async () => {
    const html = await render('product', { product: products.find((p) => p.id === 2), base: '' });
    expect(html).toContain(
      `<img id="product-photo" src="/media/${KEY}/600w" srcset="${WIDTHS_SRCSET}" ` +
        'sizes="(max-width: 760px) 100vw, 520px" width="600" height="400" alt="Tea &amp; &quot;2&quot;">',
    );
    expect(html).toContain(
      `<img src="/media/${KEY}/64sq" srcset="/media/${KEY}/64sq 64w, /media/${KEY}/200sq 200w, /media/${KEY}/400sq 400w" sizes="64px" ` +
        'width="64" height="64" alt="Tea &amp; &quot;2&quot; photo 2" loading="lazy">',
    );
    const urlOnly = await render('product', { product: products.find((p) => p.id === 7), base: '' });
    expect(urlOnly).toContain('<img src="https://img.example/t.jpg?w=1000&amp;h=1000&amp;fit=max" alt="Tea &amp; &quot;7&quot;">');
  });
});
