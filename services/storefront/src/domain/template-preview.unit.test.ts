import { previewPathOf, stylesheetDataUrl } from './template-preview';

const catalog = {
  products: [{ product: { id: 31 } }, { product: { id: 12 } }],
  collections: [{ id: 4 }, { id: 9 }],
} as unknown as Parameters<typeof previewPathOf>[1];
const empty = { products: [], collections: [] };

describe('previewPathOf', () => {
  it.each([
    ['home', '/'],
    ['maintenance', '/'],
    ['product', '/products/31'],
    ['collection', '/collections/4'],
    ['contact', '/contact'],
    ['faq', '/faq'],
    ['custom', '/pages/about-us'],
  ] as const)('shows the %s template on %s (the newest product, the oldest collection)', (kind, path) => {
    expect(previewPathOf({ kind, permalink: 'about-us' }, catalog)).toBe(path);
  });

  it('has no page for a product or collection template of a store without one', () => {
    expect(previewPathOf({ kind: 'product', permalink: 'product' }, empty)).toBe('');
    expect(previewPathOf({ kind: 'collection', permalink: 'collection' }, empty)).toBe('');
  });
});

describe('stylesheetDataUrl', () => {
  it('carries the css, any characters, as base64', () => {
    const css = 'h1::after { content: "é & </style>" }';
    const url = stylesheetDataUrl(css);
    expect(url).toMatch(/^data:text\/css;base64,[A-Za-z0-9+/=]+$/);
    expect(Buffer.from(url.slice('data:text/css;base64,'.length), 'base64').toString('utf8')).toBe(css);
  });
});
