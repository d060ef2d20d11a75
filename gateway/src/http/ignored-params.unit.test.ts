// Parameters a call ignores are named in its answer (`meta.ignored_params`), bounded, never refused.
import { storefront } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { aGatewayApp } from '../app.fixture';
import type { ApiKeyIdentityClient } from '../auth/authenticator';
import type { BackendClients } from '../clients';
import { createShippingClassInput } from '../routes/v1/shipping/shipping.schemas';
import { shipOrderInput } from '../routes/v1/orders/orders.schemas';
import { createProductInput } from '../routes/v1/catalog/product.schemas';
import { updateStoreInput } from '../routes/v1/store.schemas';
import { ignoredParams, MAX_IGNORED_NAME_LENGTH, MAX_IGNORED_NAMES } from './ignored-params';
import { parseParamString } from './params';
import { startTestServer, type TestServer } from './test-server';

describe('ignoredParams', () => {
  it('names the top-level names the schema does not take', () => {
    expect(ignoredParams(updateStoreInput, { name: 'Tea', colour: 'red', id: 9 })).toEqual({ names: ['colour', 'id'], total: 2 });
    expect(ignoredParams(updateStoreInput, { name: 'Tea' })).toEqual({ names: [], total: 0 });
  });

  it('names nested names as the API spells inputs, inside objects and lists', () => {
    const params = { name: 'EU', rates: [{ shipping_group_id: 1, first_item_in_cents: 5, additional_item_in_cents: 1, colour: 'red' }] };
    expect(ignoredParams(createShippingClassInput, params).names).toEqual(['rates[0][colour]']);
    expect(
      ignoredParams(createShippingClassInput, parseParamString('name=EU&rates[0][shipping_group_id]=1&rates[0][tint]=x')).names,
    ).toEqual(['rates[0][tint]']);
  });

  it('reads values as the schema does first: a rate wrapped as the API renders it, an item as an order renders it', () => {
    const wrapped = {
      name: 'EU',
      rates: [{ shipping_rate: { shipping_group_id: 1, first_item_in_cents: 5, additional_item_in_cents: 1, colour: 'red' } }],
    };
    expect(ignoredParams(createShippingClassInput, wrapped).names).toEqual(['rates[0][colour]']);
    expect(ignoredParams(shipOrderInput, { items: [{ item: { id: 101, name: 'Tee' } }, 102] }).names).toEqual([]);
  });

  it('does not look inside a value the schema reads whole (free text that happened to be JSON)', () => {
    expect(ignoredParams(createProductInput, parseParamString('name=Tea&price=1&description={"colour":"red"}')).names).toEqual([]);
  });

  it('takes every name but the credentials and the paging ones as ignored by a call without input', () => {
    const params = parseParamString('api_key=sck_x&access_token=t&page=2&per_page=5&limit=5&colour=red&size[w]=1');
    expect(ignoredParams(undefined, params)).toEqual({ names: ['colour', 'size'], total: 2 });
  });

  it('never names a credential or a paging parameter, however many there are', () => {
    expect(ignoredParams(updateStoreInput, { api_key: 'sck_x', access_token: 't', page: 1, per_page: 5, limit: 5 }).total).toBe(0);
  });

  it('names at most MAX_IGNORED_NAMES, counts the rest, and cuts long names', () => {
    const many = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`extra_${i}`, i]));
    const answer = ignoredParams(updateStoreInput, many);
    expect(answer.total).toBe(1000);
    expect(answer.names).toEqual(Array.from({ length: MAX_IGNORED_NAMES }, (_, i) => `extra_${i}`));
    const long = ignoredParams(updateStoreInput, { ['x'.repeat(5000)]: 1 });
    expect(long.names).toEqual([`${'x'.repeat(MAX_IGNORED_NAME_LENGTH - 1)}…`]);
  });
});

describe('the answer of a /v1 call names what it ignored', () => {
  const updates: Array<Record<string, unknown>> = [];
  const clients = {
    stores: {
      getStore: async () => ({ store: storefront.Store.fromPartial({ id: 7, name: 'Tea House', time_zone: 'UTC' }) }),
      updateStore: async (request: Record<string, unknown>) => {
        updates.push(request);
        if (request.name === '')
          throw new RemoteError({
            code: GrpcStatus.INVALID_ARGUMENT,
            message: "Validation failed: name can't be blank",
            fieldViolations: { name: ["can't be blank"] },
          });
        return { store: storefront.Store.fromPartial({ id: 7, name: String(request.name), time_zone: 'UTC' }) };
      },
    },
  } as unknown as BackendClients;
  const identity: ApiKeyIdentityClient = {
    authenticateApiKey: async () => ({ store_id: 7, key_id: 'key-7' }),
    checkGrant: async () => ({ active: false, user_id: 0, store_id: 0, client_id: '', scope: '' }),
  };
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(aGatewayApp(clients, identity));
  });
  afterAll(() => server.close());

  async function send(method: string, path: string, body?: string, contentType?: string) {
    const headers: Record<string, string> = { 'API-KEY': 'sck_test' };
    if (contentType) headers['content-type'] = contentType;
    const res = await fetch(`${server.url}${path}`, { method, headers, body });
    return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown>; meta: Record<string, unknown> } };
  }

  it.each([
    ['a JSON body', '/v1/store.json', '{"name":"Tea","colour":"red"}', 'application/json'],
    ['a form body', '/v1/store.json', 'name=Tea&colour=red', 'application/x-www-form-urlencoded'],
    ['a form body without Content-Type', '/v1/store.json', 'name=Tea&colour=red', undefined],
    ['the query string', '/v1/store.json?name=Tea&colour=red&api_key=sck_test', undefined, undefined],
  ])(
    'PUT /v1/store with an unknown field in %s: 200, the store changed, and meta names the field',
    async (_style, path, body, contentType) => {
      updates.length = 0;
      const answer = await send('PUT', path, body, contentType);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ name: 'Tea' });
      expect(answer.body.meta).toEqual({ code: 200, api_version: '1.0', ignored_params: ['colour'] });
      expect(updates).toEqual([expect.not.objectContaining({ colour: expect.anything() })]);
    },
  );

  it('keeps meta as it was when nothing is ignored', async () => {
    expect((await send('PUT', '/v1/store', '{"name":"Tea"}', 'application/json')).body.meta).toEqual({ code: 200, api_version: '1.0' });
    expect((await send('GET', '/v1/store?api_key=sck_test')).body.meta).toEqual({ code: 200, api_version: '1.0' });
  });

  it("names a read's unknown parameters too", async () => {
    expect((await send('GET', '/v1/store.json?colour=red')).body.meta).toEqual({
      code: 200,
      api_version: '1.0',
      ignored_params: ['colour'],
    });
  });

  it('names them beside a 422, where a misspelt field is most likely', async () => {
    const answer = await send('PUT', '/v1/store', '{"name":"","nmae":"Tea"}', 'application/json');
    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({
      error_type: 'ValidationError',
      errors: { name: ["can't be blank"] },
      ignored_params: ['nmae'],
    });
  });

  it('bounds the list and says how many there were', async () => {
    const extras = Array.from({ length: 300 }, (_, i) => `x${i}=1`).join('&');
    const answer = await send('PUT', '/v1/store', `name=Tea&${extras}`, 'application/x-www-form-urlencoded');
    expect(answer.body.meta.ignored_params).toHaveLength(MAX_IGNORED_NAMES);
    expect(answer.body.meta.ignored_params_total).toBe(300);
  });
});
