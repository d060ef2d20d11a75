import { status } from '@grpc/grpc-js';
import { rejectionOf } from '@commerce/testing';
import { aStoreId, fixtures, groupRate, startShippingHarness, type ShippingHarness } from './shipping.fixture';

let harness: ShippingHarness;
const { aClass, aGroup } = fixtures(() => harness.client);

beforeAll(async () => {
  harness = await startShippingHarness();
});

afterAll(() => harness?.stop());

const line = (shipping_group_id: number, quantity: number, product_id = 1) => ({ product_id, shipping_group_id, quantity });

describe('QuoteShipping', () => {
  let storeId: number;
  let posters: number;
  let mugs: number;
  let standard: number;
  let express: number;

  beforeAll(async () => {
    storeId = aStoreId();
    standard = (await aClass(storeId, { name: 'Standard', countries: ['US', 'CA'] })).id;
    express = (await aClass(storeId, { name: 'Express', countries: ['US'] })).id;
    await aClass(storeId, { name: 'Nowhere', countries: [] });
    posters = (await aGroup(storeId, { name: 'Posters', rates: [groupRate(standard, 500, 200), groupRate(express, 1500, 500)] })).id;
    mugs = (await aGroup(storeId, { name: 'Mugs', rates: [groupRate(standard, 800, 300)] })).id;
  });

  it('prices each offered class: first item once, additional items after, cheapest first', async () => {
    const quote = await harness.client.quoteShipping({ store_id: storeId, country: 'us', lines: [line(posters, 3)] });

    expect(quote).toEqual({
      ships_to_destination: true,
      quotes: [
        { shipping_class_id: standard, shipping_class_name: 'Standard', total_cents: 500 + 2 * 200 },
        { shipping_class_id: express, shipping_class_name: 'Express', total_cents: 1500 + 2 * 500 },
      ],
    });
  });

  it('prices each group on its own (first item once, additional after) and only offers classes that rate every group', async () => {
    const quote = await harness.client.quoteShipping({ store_id: storeId, country: 'US', lines: [line(posters, 2, 1), line(mugs, 1, 2)] });

    expect(quote).toEqual({
      ships_to_destination: true,
      quotes: [{ shipping_class_id: standard, shipping_class_name: 'Standard', total_cents: 500 + 200 + 800 }],
    });
  });

  it('answers "does not ship there" for a country no class covers, and for a line without a group', async () => {
    const abroad = await harness.client.quoteShipping({ store_id: storeId, country: 'FR', lines: [line(posters, 1)] });
    const groupless = await harness.client.quoteShipping({ store_id: storeId, country: 'US', lines: [line(0, 1)] });

    expect(abroad).toEqual({ ships_to_destination: false, quotes: [] });
    expect(groupless).toEqual({ ships_to_destination: false, quotes: [] });
  });

  it('follows rate changes at once', async () => {
    await harness.client.updateShippingGroup({
      store_id: storeId,
      shipping_group_id: mugs,
      rates: { rates: [groupRate(standard, 800, 300), groupRate(express, 2000, 100)] },
    });

    const quote = await harness.client.quoteShipping({ store_id: storeId, country: 'US', lines: [line(posters, 1), line(mugs, 2)] });

    expect(quote.quotes).toEqual([
      { shipping_class_id: standard, shipping_class_name: 'Standard', total_cents: 500 + (800 + 300) },
      { shipping_class_id: express, shipping_class_name: 'Express', total_cents: 1500 + (2000 + 100) },
    ]);
  });

  it('refuses an unknown country, no lines and a quantity below 1', async () => {
    const error = await rejectionOf(harness.client.quoteShipping({ store_id: storeId, country: 'XX', lines: [line(posters, 0)] }));
    const empty = await rejectionOf(harness.client.quoteShipping({ store_id: storeId, country: 'US', lines: [] }));

    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({
      country: ['must be an ISO 3166-1 alpha-2 country code'],
      'lines[0].quantity': ['must be at least 1'],
    });
    expect(empty.fieldViolations).toEqual({ lines: ["can't be empty"] });
  });
});
