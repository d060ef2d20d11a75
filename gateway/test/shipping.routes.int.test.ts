import { startShippingHttpHarness, type ShippingHttpHarness } from './shipping-http.harness';

// docs/shipping.md#shipping-groups, docs/shipping.md#shipping-classes through the gateway and the real shipping service. No catalog runs
// here: what needs it (deleting a group, the shipping rate's products) answers 503 in this file and is covered with catalog in
// shipping-rate.routes.int.test.ts.
let http: ShippingHttpHarness;
let key: string;
let otherKey: string;

beforeAll(async () => {
  http = await startShippingHttpHarness();
  [key, otherKey] = [(await http.aStore()).apiKey, (await http.aStore()).apiKey];
});

afterAll(() => http?.stop());

const OK_META = { code: 200, api_version: '1.0' };
const rate = (shipping_class_id: number, first_item_in_cents: number, additional_item_in_cents: number) => ({
  shipping_rate: { shipping_class_id, first_item_in_cents, additional_item_in_cents },
});

async function aClass(fields: Record<string, unknown> = {}, apiKey = key) {
  const { status, body } = await http.request(apiKey, 'POST', '/v1/shipping_classes.json', {
    json: { name: 'Standard', countries: ['US'], ...fields },
  });
  expect(status).toBe(200);
  return body.data as { id: number; name: string; countries: string[] };
}

async function aGroup(fields: Record<string, unknown> = {}, apiKey = key) {
  const { status, body } = await http.request(apiKey, 'POST', '/v1/shipping_groups', { json: { name: 'Posters', ...fields } });
  expect(status).toBe(200);
  return body.data as { id: number; name: string };
}

describe('shipping groups and classes over HTTP', () => {
  it('creates a class from JSON and a group from a form with JSON text, rendered as docs/shipping.md#records', async () => {
    const classAnswer = await http.request(key, 'POST', '/v1/shipping_classes', { json: { name: 'Express', countries: ['us', 'ca'] } });
    const cls = classAnswer.body.data;
    const rates = JSON.stringify([{ shipping_class_id: cls.id, first_item_in_cents: '1500', additional_item_in_cents: 500 }]);

    const groupAnswer = await http.request(key, 'POST', '/v1/shipping_groups.json', {
      form: `name=Posters&rates=${encodeURIComponent(rates)}`,
    });

    expect(classAnswer).toEqual({
      status: 200,
      body: { data: { id: expect.any(Number), name: 'Express', countries: ['US', 'CA'], shipping_rates: [] }, meta: OK_META },
    });
    expect(groupAnswer).toEqual({
      status: 200,
      body: { data: { id: expect.any(Number), name: 'Posters', shipping_rates: [rate(cls.id, 1500, 500)] }, meta: OK_META },
    });
    const group = groupAnswer.body.data;
    expect((await http.request(key, 'GET', `/v1/shipping_classes/${cls.id}`)).body.data.shipping_rates).toEqual([
      { shipping_rate: { shipping_group_id: group.id, first_item_in_cents: 1500, additional_item_in_cents: 500 } },
    ]);
  });

  it('lists as data.shipping_groups and data.shipping_classes, flat records by id', async () => {
    const { apiKey } = await http.aStore();
    const cls = await aClass({}, apiKey);
    const first = await aGroup(
      { name: 'A', rates: [{ shipping_class_id: cls.id, first_item_in_cents: 100, additional_item_in_cents: 50 }] },
      apiKey,
    );
    const second = await aGroup({ name: 'B' }, apiKey);

    const groups = await http.request(apiKey, 'GET', '/v1/shipping_groups.json');
    const classes = await http.request(apiKey, 'GET', '/v1/shipping_classes/');

    expect(groups.body).toEqual({
      data: {
        shipping_groups: [
          { id: first.id, name: 'A', shipping_rates: [rate(cls.id, 100, 50)] },
          { id: second.id, name: 'B', shipping_rates: [] },
        ],
      },
      meta: OK_META,
    });
    expect(classes.body.data.shipping_classes).toEqual([
      {
        id: cls.id,
        name: 'Standard',
        countries: ['US'],
        shipping_rates: [{ shipping_rate: { shipping_group_id: first.id, first_item_in_cents: 100, additional_item_in_cents: 50 } }],
      },
    ]);
  });

  it('updates from the query string only, from a form without Content-Type, and from bracket names', async () => {
    const cls = await aClass();
    const group = await aGroup();

    const renamed = await http.request(key, 'PUT', `/v1/shipping_groups/${group.id}?name=Prints`);
    const rated = await http.request(key, 'PUT', `/v1/shipping_groups/${group.id}.json`, {
      form: `rates[0][shipping_class_id]=${cls.id}&rates[0][first_item_in_cents]=700&rates[0][additional_item_in_cents]=0`,
      bare: true,
    });
    const moved = await http.request(key, 'PUT', `/v1/shipping_classes/${cls.id}`, {
      form: `countries=${encodeURIComponent('["de","AT"]')}`,
    });

    expect(renamed.body.data).toEqual({ id: group.id, name: 'Prints', shipping_rates: [] });
    expect(rated.body.data).toEqual({ id: group.id, name: 'Prints', shipping_rates: [rate(cls.id, 700, 0)] });
    expect(moved.body.data.countries).toEqual(['DE', 'AT']);
  });

  // Removing a rate is explicit (DELETE /v1/shipping_rate, which needs catalog: test/stack/shipping.test.ts).
  it('clears a class countries with an empty list, and an empty rate list keeps the group its rates', async () => {
    const cls = await aClass({ countries: ['US', 'CA'] });
    const group = await aGroup({ rates: [{ shipping_class_id: cls.id, first_item_in_cents: 1, additional_item_in_cents: 1 }] });
    const rate = { shipping_rate: { shipping_class_id: cls.id, first_item_in_cents: 1, additional_item_in_cents: 1 } };

    const classAnswer = await http.request(key, 'PUT', `/v1/shipping_classes/${cls.id}`, { json: { countries: [] } });
    const groupAnswer = await http.request(key, 'PUT', `/v1/shipping_groups/${group.id}`, { form: 'rates=' });

    expect(classAnswer.body.data).toMatchObject({ id: cls.id, name: 'Standard', countries: [] });
    expect(groupAnswer.body.data.shipping_rates).toEqual([rate]);
    expect((await http.request(key, 'GET', `/v1/shipping_classes/${cls.id}`)).body.data.shipping_rates).toEqual([
      { shipping_rate: { shipping_group_id: group.id, first_item_in_cents: 1, additional_item_in_cents: 1 } },
    ]);
  });

  it('answers DELETE of a class with the deleted record, then 404', async () => {
    const cls = await aClass({ name: 'Doomed' });

    const deleted = await http.request(key, 'DELETE', `/v1/shipping_classes/${cls.id}.json`);
    const again = await http.request(key, 'GET', `/v1/shipping_classes/${cls.id}`);

    expect(deleted).toEqual({
      status: 200,
      body: { data: { id: cls.id, name: 'Doomed', countries: ['US'], shipping_rates: [] }, meta: OK_META },
    });
    expect(again.status).toBe(404);
  });
});

describe('errors over HTTP', () => {
  it('answers 422 with the fields named as the client sent them', async () => {
    const cls = await aClass();

    const badClass = await http.request(key, 'POST', '/v1/shipping_classes', { json: { name: 'Bad', countries: ['US', 'UK'] } });
    const badGroup = await http.request(key, 'POST', '/v1/shipping_groups', {
      json: {
        name: '',
        rates: [
          { shipping_class_id: cls.id, first_item_in_cents: 5, additional_item_in_cents: 1 },
          { shipping_class_id: 999_999, first_item_in_cents: 5, additional_item_in_cents: 1 },
        ],
      },
    });
    const negative = await http.request(key, 'POST', '/v1/shipping_groups', {
      form: `name=X&rates[0][shipping_class_id]=${cls.id}&rates[0][first_item_in_cents]=-1&rates[0][additional_item_in_cents]=0`,
    });

    expect(badClass.status).toBe(422);
    expect(badClass.body.meta).toMatchObject({
      code: 422,
      error_type: 'ValidationError',
      errors: { countries: ['must be ISO 3166-1 alpha-2 country codes ("UK" is not)'] },
    });
    expect(badGroup.body.meta.errors).toEqual({
      name: ["can't be blank"],
      'rates[1][shipping_class_id]': ['is not a shipping class of this store'],
    });
    expect(negative.body.meta.errors).toEqual({ 'rates[0][first_item_in_cents]': ['must be at least 0'] });
  });

  it('answers 404 for a path id that is not a positive integer, an unknown id, and another store’s record', async () => {
    const foreign = await aGroup({ name: 'Theirs' }, otherKey);

    const answers = await Promise.all([
      http.request(key, 'GET', '/v1/shipping_groups/abc'),
      http.request(key, 'PUT', '/v1/shipping_groups/0', { json: { name: 'x' } }),
      http.request(key, 'DELETE', '/v1/shipping_classes/-3'),
      http.request(key, 'GET', '/v1/shipping_groups/99999999'),
      http.request(key, 'GET', `/v1/shipping_groups/${foreign.id}`),
      http.request(key, 'PUT', `/v1/shipping_groups/${foreign.id}`, { json: { name: 'Mine now' } }),
      http.request(key, 'DELETE', `/v1/shipping_groups/${foreign.id}`),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 404));
    expect(answers[0].body.meta).toMatchObject({ code: 404, error_type: 'NotFound' });
    expect((await http.request(otherKey, 'GET', `/v1/shipping_groups/${foreign.id}`)).body.data.name).toBe('Theirs');
  });

  it('answers 422 for a shipping rate without both ids, and 404 for an unknown pair', async () => {
    const cls = await aClass();

    const missing = await http.request(key, 'GET', '/v1/shipping_rate');
    const unknown = await http.request(key, 'GET', `/v1/shipping_rate?shipping_group_id=99999999&shipping_class_id=${cls.id}`);

    expect(missing.status).toBe(422);
    expect(missing.body.meta.errors).toEqual({ shipping_group_id: ['is required'], shipping_class_id: ['is required'] });
    expect(unknown.status).toBe(404);
  });

  it('answers 503 and keeps the group when catalog cannot say whether products use it', async () => {
    const group = await aGroup({ name: 'Kept' });

    const answer = await http.request(key, 'DELETE', `/v1/shipping_groups/${group.id}`);

    expect(answer.status).toBe(503);
    expect(answer.body.meta).toMatchObject({ code: 503, error_type: 'ServiceUnavailable' });
    expect((await http.request(key, 'GET', `/v1/shipping_groups/${group.id}`)).status).toBe(200);
  });

  it('answers 401 without a valid key', async () => {
    expect((await http.request('sck_not-a-key', 'GET', '/v1/shipping_groups')).status).toBe(401);
  });
});
