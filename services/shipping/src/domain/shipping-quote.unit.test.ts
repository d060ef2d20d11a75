import { checkQuoteRequest, quoteShipping, totalCents } from './shipping-quote';
import type { StoreShipping } from './store-shipping';

const at = new Date('2024-01-01T00:00:00Z');
const group = (id: number) => ({ id, name: `Group ${id}`, version: 1, created_at: at, updated_at: at });
const cls = (id: number, countries: string[], name = `Class ${id}`) => ({
  id,
  name,
  countries,
  version: 1,
  created_at: at,
  updated_at: at,
});
const rate = (group_id: number, class_id: number, first_item_in_cents: number, additional_item_in_cents: number) => ({
  group_id,
  class_id,
  first_item_in_cents,
  additional_item_in_cents,
});
const line = (shipping_group_id: number, quantity: number, product_id = 1) => ({ product_id, shipping_group_id, quantity });

// Group 1 (posters) and 2 (mugs); Standard (1) ships to US/CA, Express (2) to US, World (3) everywhere listed but rates only posters.
const store: StoreShipping = {
  groups: [group(1), group(2)],
  classes: [cls(1, ['US', 'CA'], 'Standard'), cls(2, ['US'], 'Express'), cls(3, ['US', 'DE'], 'World'), cls(4, [], 'Disabled')],
  rates: [
    rate(1, 1, 500, 200),
    rate(1, 2, 1500, 500),
    rate(1, 3, 2500, 1000),
    rate(1, 4, 1, 1),
    rate(2, 1, 800, 300),
    rate(2, 2, 1200, 600),
  ],
};

describe('totalCents', () => {
  it('charges one group as first item once, then additional items', () => {
    expect(totalCents([{ rate: { first_item_in_cents: 500, additional_item_in_cents: 200 }, units: 1 }])).toBe(500);
    expect(totalCents([{ rate: { first_item_in_cents: 500, additional_item_in_cents: 200 }, units: 3 }])).toBe(500 + 2 * 200);
  });

  it('charges each group its own first item once, then its additional items, and sums the groups', () => {
    const posters = { rate: { first_item_in_cents: 500, additional_item_in_cents: 200 }, units: 2 };
    const mugs = { rate: { first_item_in_cents: 800, additional_item_in_cents: 300 }, units: 3 };
    expect(totalCents([posters, mugs])).toBe(500 + 200 + (800 + 2 * 300));
    expect(totalCents([mugs, posters])).toBe(500 + 200 + (800 + 2 * 300));
  });

  it('is 0 for free rates and for nothing', () => {
    expect(totalCents([{ rate: { first_item_in_cents: 0, additional_item_in_cents: 0 }, units: 5 }])).toBe(0);
    expect(totalCents([])).toBe(0);
  });
});

describe('quoteShipping', () => {
  it('offers every class that ships to the country and rates every group, cheapest first', () => {
    expect(quoteShipping(store, 'US', [line(1, 2)])).toEqual([
      { shipping_class_id: 1, shipping_class_name: 'Standard', total_cents: 700 },
      { shipping_class_id: 2, shipping_class_name: 'Express', total_cents: 2000 },
      { shipping_class_id: 3, shipping_class_name: 'World', total_cents: 3500 },
    ]);
  });

  it('adds up units of one group spread over several lines', () => {
    expect(quoteShipping(store, 'CA', [line(1, 1, 10), line(1, 2, 11)])).toEqual([
      { shipping_class_id: 1, shipping_class_name: 'Standard', total_cents: 500 + 2 * 200 },
    ]);
  });

  it('prices mixed groups each on its own and sums them', () => {
    const quotes = quoteShipping(store, 'US', [line(1, 2), line(2, 1)]);
    expect(quotes).toEqual([
      { shipping_class_id: 1, shipping_class_name: 'Standard', total_cents: 500 + 200 + 800 },
      { shipping_class_id: 2, shipping_class_name: 'Express', total_cents: 1500 + 500 + 1200 },
    ]);
  });

  it('leaves out a class without a rate for one of the groups, and a class that does not ship there', () => {
    expect(quoteShipping(store, 'DE', [line(1, 1)]).map((quote) => quote.shipping_class_id)).toEqual([3]);
    expect(quoteShipping(store, 'DE', [line(1, 1), line(2, 1)])).toEqual([]);
    expect(quoteShipping(store, 'FR', [line(1, 1)])).toEqual([]);
  });

  it('never offers a class with no countries, nor anything for a line without a group or with an unknown one', () => {
    expect(quoteShipping(store, 'US', [line(1, 1)]).some((quote) => quote.shipping_class_id === 4)).toBe(false);
    expect(quoteShipping(store, 'US', [line(0, 1)])).toEqual([]);
    expect(quoteShipping(store, 'US', [line(1, 1), line(99, 1)])).toEqual([]);
  });

  it('orders equal totals by class id', () => {
    const tied: StoreShipping = {
      groups: [group(1)],
      classes: [cls(7, ['US']), cls(5, ['US'])],
      rates: [rate(1, 7, 300, 0), rate(1, 5, 300, 0)],
    };
    expect(quoteShipping(tied, 'US', [line(1, 1)]).map((quote) => quote.shipping_class_id)).toEqual([5, 7]);
  });
});

describe('checkQuoteRequest', () => {
  it('normalises the destination', () => {
    expect(checkQuoteRequest(' us', [line(1, 1)])).toEqual({ country: 'US', violations: {} });
  });

  it('names every bad field', () => {
    expect(checkQuoteRequest('XX', [line(1, 0), line(-1, 2)]).violations).toEqual({
      country: ['must be an ISO 3166-1 alpha-2 country code'],
      'lines[0].quantity': ['must be at least 1'],
      'lines[1].shipping_group_id': ['must be at least 0'],
    });
    expect(checkQuoteRequest('', []).violations).toEqual({ country: ["can't be blank"], lines: ["can't be empty"] });
  });
});
