import { aProductRecord, NOW, withVariants } from '../domain/catalog.fixture';
import { takeStock } from '../domain/stock';
import { stampProductChange, type RenderContext } from './catalog-events';

const render: RenderContext = {
  context: { time_zone: 'UTC', subdomain: 'tea', url: 'https://tea.example', currency: 'USD' },
  collectionIds: [],
  now: new Date('2026-03-02T00:00:00Z'),
  mediaOrigin: '//api.example.com',
};
const summary = (events: { topic: string; resource_id: number; sequence: number }[]) =>
  events.map((event) => [event.topic, event.resource_id, event.sequence]);

describe('stampProductChange', () => {
  it('creates: product/created first, then variant/created, both sequence 1', () => {
    const { after, events } = stampProductChange(null, aProductRecord(), 'product/created', render);

    expect(summary(events)).toEqual([
      ['product/created', 7, 1],
      ['variant/created', 100, 1],
    ]);
    expect(after.updated_at).toEqual(NOW);
  });

  it('a stock movement publishes variant/updated only and leaves the product as it was', () => {
    const before = withVariants(aProductRecord({ version: 3 }), 101);
    const taken = takeStock(before, [{ variant_id: 101, quantity: 2 }]);
    if (!('product' in taken)) throw new Error('expected stock');

    const { after, events } = stampProductChange(before, taken.product, null, render);

    expect(summary(events)).toEqual([['variant/updated', 101, 1]]);
    expect(after.version).toBe(3);
    expect(after.updated_at).toEqual(NOW);
    expect(after.variants.find(({ id }) => id === 101)!.updated_at).toEqual(render.now);
  });

  it('a new product price updates the variants whose price follows it, not the overridden ones', () => {
    const base = withVariants(aProductRecord(), 101);
    const before = {
      ...base,
      variants: base.variants.map((variant) =>
        variant.id === 101 ? { ...variant, has_override_price: true, override_cents: 50 } : variant,
      ),
    };

    const { after, events } = stampProductChange(before, { ...before, cents: 1500 }, 'product/updated', render);

    expect(summary(events)).toEqual([
      ['variant/updated', 100, 1],
      ['product/updated', 7, 1],
    ]);
    expect(after.updated_at).toEqual(render.now);
  });

  it('a deleted product says product/deleted alone', () => {
    const before = withVariants(aProductRecord(), 101);

    const { events } = stampProductChange(before, { ...before, deleted: true, deleted_at: render.now }, 'product/deleted', render);

    expect(summary(events)).toEqual([['product/deleted', 7, 1]]);
    expect(events[0]!.resource).toMatchObject({ deleted_at: '2026-03-02T00:00:00+00:00', collections: [] });
  });
});
