import type { TemplateRecord } from '../domain/template';
import { LiquidPageEngine } from '../infra/liquid.engine';
import { loadStorefrontAssets } from '../infra/storefront-assets';
import { PageContentCache, trackingVisitorReads } from './page-content-cache';

const AT = new Date('2026-11-01T10:00:00Z');
let nextId = 1;
const aTemplate = (id: number, content: string, permalink = `t-${id}`): TemplateRecord => ({
  id,
  store_id: 1,
  name: 'T',
  permalink,
  content,
  kind: 'custom',
  created_at: AT,
  updated_at: AT,
});

describe('trackingVisitorReads', () => {
  const engine = new LiquidPageEngine(loadStorefrontAssets().builtInPages);
  const variables = { store: { name: 'Tea' }, cart: { item_count: 2 }, csrf_token: 'secret' };

  it.each([
    ['{{ store.name }}', 'Tea', false],
    ['{{ cart.item_count }}', '2', true],
    ['{% if csrf_token %}form{% endif %}', 'form', true],
    ["{% include 'snippet' %}", '2', true],
    ["{% render 'snippet', cart: cart %}", '2', true],
  ])('%s reads the buyer’s data: %s', async (source, output, read) => {
    const snippet = aTemplate(nextId++, '{{ cart.item_count }}', 'snippet');
    const page = aTemplate(nextId++, source);
    const { scope, readVisitorData } = trackingVisitorReads(variables);

    expect(await engine.renderTemplate({ storeId: 1, templates: [snippet, page] }, page, scope)).toBe(output);
    expect(readVisitorData()).toBe(read);
  });
});

describe('PageContentCache', () => {
  it('answers what was kept, and drops the least recently used beyond its bounds', () => {
    const cache = new PageContentCache(2, 1_000);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);

    cache.set('big', 'x'.repeat(90));
    cache.set('bigger', 'y'.repeat(95));
    expect(cache.get('big')).toBe('x'.repeat(90));
    expect(cache.get('bigger')).toBe('y'.repeat(95));
    cache.set('huge', 'z'.repeat(101));
    expect(cache.get('huge')).toBeUndefined();
  });
});
