import { catalog } from '@commerce/contracts';
import { createClient } from '@commerce/grpc-runtime';
import { startShippingHttpHarness, type ShippingHttpHarness } from './shipping-http.harness';

// docs/shipping.md#shipping-rates and the delete-in-use rule of docs/shipping.md#a-group-in-use-cannot-be-deleted through the gateway, with
// the real catalog answering which products use a group.
let http: ShippingHttpHarness;
let store: { storeId: number; apiKey: string };

beforeAll(async () => {
  http = await startShippingHttpHarness({ catalog: true });
  store = await http.aStore();
});

afterAll(() => http?.stop());

const products = () => createClient(catalog.CatalogServiceClient, http.catalog!.address);
const post = async (path: string, json: unknown) => (await http.request(store.apiKey, 'POST', path, { json })).body.data;

describe('GET and PUT /v1/shipping_rate', () => {
  it('answers both records, the group products and the flat pair', async () => {
    const cls = await post('/v1/shipping_classes', { name: 'Standard', countries: ['US'] });
    const group = await post('/v1/shipping_groups', {
      name: 'Posters',
      rates: [{ shipping_class_id: cls.id, first_item_in_cents: 500, additional_item_in_cents: 200 }],
    });
    const product = (
      await products().createProduct(
        catalog.CreateProductRequest.fromPartial({ store_id: store.storeId, name: 'Poster', cents: 1500, shipping_group_id: group.id }),
      )
    ).product!;

    const answer = await http.request(
      store.apiKey,
      'GET',
      `/v1/shipping_rate.json?shipping_group_id=${group.id}&shipping_class_id=${cls.id}`,
    );

    expect(answer).toEqual({
      status: 200,
      body: {
        data: {
          shipping_group: {
            id: group.id,
            name: 'Posters',
            products: [product.id],
            shipping_rates: [{ shipping_rate: { shipping_class_id: cls.id, first_item_in_cents: 500, additional_item_in_cents: 200 } }],
          },
          shipping_class: {
            id: cls.id,
            name: 'Standard',
            countries: ['US'],
            shipping_rates: [{ shipping_rate: { shipping_group_id: group.id, first_item_in_cents: 500, additional_item_in_cents: 200 } }],
          },
          shipping_group_id: group.id,
          shipping_class_id: cls.id,
          first_item_in_cents: 500,
          additional_item_in_cents: 200,
        },
        meta: { code: 200, api_version: '1.0' },
      },
    });
  });

  it('sets a rate from a form body, loose scalars included, and renders null amounts before', async () => {
    const cls = await post('/v1/shipping_classes', { name: 'Express', countries: ['CA'] });
    const group = await post('/v1/shipping_groups', { name: 'Mugs' });
    const pair = `shipping_group_id=${group.id}&shipping_class_id=${cls.id}`;

    const before = await http.request(store.apiKey, 'GET', `/v1/shipping_rate?${pair}`);
    const put = await http.request(store.apiKey, 'PUT', '/v1/shipping_rate', {
      form: `${pair}&first_item_in_cents=1500&additional_item_in_cents=600`,
    });

    expect(before.body.data).toMatchObject({ first_item_in_cents: null, additional_item_in_cents: null, shipping_group: { products: [] } });
    expect(put.body.data).toMatchObject({
      shipping_group_id: group.id,
      shipping_class_id: cls.id,
      first_item_in_cents: 1500,
      additional_item_in_cents: 600,
    });
    expect(put.body.data.shipping_class.shipping_rates).toEqual([
      { shipping_rate: { shipping_group_id: group.id, first_item_in_cents: 1500, additional_item_in_cents: 600 } },
    ]);
  });

  it('answers 404 for a pair with another store end, and 422 for a negative amount', async () => {
    const other = await http.aStore();
    const foreign = (await http.request(other.apiKey, 'POST', '/v1/shipping_classes', { json: { name: 'Theirs' } })).body.data;
    const group = await post('/v1/shipping_groups', { name: 'Mine' });

    const notFound = await http.request(store.apiKey, 'PUT', '/v1/shipping_rate', {
      json: { shipping_group_id: group.id, shipping_class_id: foreign.id, first_item_in_cents: 1 },
    });
    const negative = await http.request(store.apiKey, 'PUT', '/v1/shipping_rate', {
      json: { shipping_group_id: group.id, shipping_class_id: foreign.id, first_item_in_cents: -1 },
    });

    expect(notFound.status).toBe(404);
    expect(negative.status).toBe(422);
    expect(negative.body.meta.errors).toEqual({ first_item_in_cents: ['must be at least 0'] });
  });
});

describe('DELETE /v1/shipping_groups/:id while products use the group', () => {
  it('answers 409 Conflict, then deletes once the product is gone', async () => {
    const group = await post('/v1/shipping_groups', { name: 'Busy' });
    const product = (
      await products().createProduct(
        catalog.CreateProductRequest.fromPartial({ store_id: store.storeId, name: 'Frame', cents: 900, shipping_group_id: group.id }),
      )
    ).product!;

    const refused = await http.request(store.apiKey, 'DELETE', `/v1/shipping_groups/${group.id}`);
    await products().deleteProduct({ store_id: store.storeId, product_id: product.id });
    const deleted = await http.request(store.apiKey, 'DELETE', `/v1/shipping_groups/${group.id}.json`);

    expect(refused.status).toBe(409);
    expect(refused.body.meta).toMatchObject({ code: 409, error_type: 'Conflict' });
    expect(refused.body.error).toBe('Shipping group is used by 1 product; move it to another group first');
    expect(deleted).toEqual({
      status: 200,
      body: { data: { id: group.id, name: 'Busy', shipping_rates: [] }, meta: { code: 200, api_version: '1.0' } },
    });
  });
});
