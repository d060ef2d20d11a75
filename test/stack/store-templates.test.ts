import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { openDatabase } from '@commerce/persistence';
import { streamEvents, waitFor, type PublishedEvent } from '@commerce/testing';
import { ApiClient, type ApiAnswer } from '../support/api.client';
import { createStoreWithCli, json, type JsonBody } from '../support/stack.harness';
import { WebhookReceiver } from '../support/webhook-receiver.harness';
import { PageClient, PASSWORD, startOAuthStack, type OAuthStack } from './oauth-stack.fixture';

/**
 * Issue 15, item 1: page templates through the whole stack (docs/templates.md#routes, docs/templates.md#the-record): the six defaults of a
 * new store, custom templates created and updated in every input style, Liquid checked on save, permalinks unique and never a
 * site path, other stores' ids unknown, scopes, and the template/* events on JetStream.
 */

const TEMPLATE_KEYS = ['id', 'name', 'permalink', 'content', 'kind', 'created_at', 'updated_at'].sort();
const DEFAULT_KINDS = ['home', 'collection', 'product', 'contact', 'faq', 'maintenance'];
const ZONED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

let oauth: OAuthStack;
let shop: ApiClient;
let rival: ApiClient;
let shopStoreId: number;
let rivalStoreId: number;
let bus: NatsConnection;
let reader: string;
let writer: string;

beforeAll(async () => {
  // The receiver of the webhook test below is on loopback.
  oauth = await startOAuthStack('templates', { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  const owner = await createStoreWithCli(oauth.env, 'tplshop');
  const other = await createStoreWithCli(oauth.env, 'tplrival');
  shop = new ApiClient(oauth.stack.baseUrl, owner.api_key);
  rival = new ApiClient(oauth.stack.baseUrl, other.api_key);
  shopStoreId = owner.store.id;
  rivalStoreId = other.store.id;
  bus = await connect({ servers: oauth.stack.info().nats_url });
  const browser = new PageClient(oauth.stack.baseUrl);
  const signedIn = await browser.signIn(owner.user.email, PASSWORD);
  if (signedIn.status !== 303) throw new Error(`sign-in through the gateway answered ${signedIn.status}`);
  reader = await tokenFor(browser, '');
  writer = await tokenFor(browser, 'store_write');
});

const receiver = new WebhookReceiver();

afterAll(async () => {
  await receiver.close();
  await bus?.drain();
  await oauth?.stop();
});

async function tokenFor(browser: PageClient, scope: string): Promise<string> {
  const redirect = await browser.approve({
    client_id: oauth.app.client_id,
    redirect_uri: oauth.app.redirect_uri,
    response_type: 'code',
    state: 'st',
    scope,
  });
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: redirect.searchParams.get('code')!,
    redirect_uri: oauth.app.redirect_uri,
    client_id: oauth.app.client_id,
    client_secret: oauth.app.client_secret,
  });
  const answer = await fetch(`${oauth.stack.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const body = await json(answer);
  if (answer.status !== 200 || typeof body.access_token !== 'string')
    throw new Error(`token exchange answered ${answer.status}: ${JSON.stringify(body)}`);
  return body.access_token;
}

async function withToken(token: string, method: string, path: string, params?: Record<string, unknown>): Promise<ApiAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (params) headers['content-type'] = 'application/json';
  const response = await fetch(`${oauth.stack.baseUrl}${path}`, { method, headers, body: params && JSON.stringify(params) });
  return { status: response.status, body: await json(response), headers: response.headers };
}

const list = async (client: ApiClient = shop): Promise<JsonBody[]> => {
  const answer = await client.get('/v1/store/templates.json');
  expect(answer.status).toBe(200);
  return answer.body.data.templates as JsonBody[];
};

const templateEvents = async (topic: string): Promise<PublishedEvent[]> =>
  (await streamEvents(await bus.jetstreamManager(), 'storefront')).filter(
    (event) => event.topic === topic && event.store_id === shopStoreId,
  );

describe('page templates through the whole stack (docs/templates.md#routes)', () => {
  let about: JsonBody;

  it("lists a new store's six defaults, flat in data.templates, timestamps in the store's zone", async () => {
    const answer = await shop.get('/v1/store/templates');
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toEqual({ code: 200, api_version: '1.0' });
    const templates = answer.body.data.templates as JsonBody[];
    expect(templates.map((template) => template.kind)).toEqual(DEFAULT_KINDS);
    for (const template of templates) {
      expect(Object.keys(template).sort()).toEqual(TEMPLATE_KEYS);
      expect(template.created_at).toMatch(ZONED);
      expect(typeof template.content).toBe('string');
    }
    expect((await rival.get('/v1/store/templates/')).body.data.templates.map((template: JsonBody) => template.kind)).toEqual(DEFAULT_KINDS);
  });

  it('creates a custom template, lists it, and publishes template/created with the rendered template', async () => {
    const created = await shop.post('/v1/store/templates.json', {
      name: 'About us',
      permalink: 'about',
      content: '<h1>{{ store.name }}</h1>\n{% if true %}<p>hi</p>{% endif %}',
    });

    expect(created.status).toBe(200);
    about = created.body.data;
    expect(Object.keys(about).sort()).toEqual(TEMPLATE_KEYS);
    expect(about).toMatchObject({
      name: 'About us',
      permalink: 'about',
      kind: 'custom',
      content: '<h1>{{ store.name }}</h1>\n{% if true %}<p>hi</p>{% endif %}',
    });
    expect(await list()).toContainEqual(about);

    const events = await waitFor(
      async () => {
        const found = (await templateEvents('template/created')).filter((e) => e.resource_id === about.id);
        return found.length > 0 ? found : undefined;
      },
      { message: 'template/created on the storefront stream' },
    );
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({ sequence: 1, resource_type: 'template', resource: about });
  });

  it('creates and updates from a form, a form without Content-Type and the query string alone', async () => {
    const form = await shop.post(
      '/v1/store/templates',
      { name: 'Form Page', permalink: 'form-page', content: '{{ "a" | upcase }}' },
      'form',
    );
    expect(form.body.data).toMatchObject({ permalink: 'form-page', content: '{{ "a" | upcase }}' });
    const bare = await shop.post('/v1/store/templates', { name: 'Bare Page', content: 'x & y' }, 'form-no-content-type');
    expect(bare.body.data).toMatchObject({ permalink: 'bare-page', content: 'x & y' });
    const query = await shop.post('/v1/store/templates.json', { name: 'Query Page', content: '<p>a+b=c %2F</p>' }, 'query');
    expect(query.body.data).toMatchObject({ permalink: 'query-page', content: '<p>a+b=c %2F</p>' });

    const renamed = await shop.put(`/v1/store/templates/${query.body.data.id}.json`, { name: 'Renamed' }, 'query');
    expect(renamed.body.data).toMatchObject({ id: query.body.data.id, name: 'Renamed', content: '<p>a+b=c %2F</p>' });
  });

  it('updates a template and publishes template/updated with sequence 2', async () => {
    const updated = await shop.put(`/v1/store/templates/${about.id}`, { content: '<p>{{ store.name | escape }}</p>' });

    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      id: about.id,
      name: 'About us',
      permalink: 'about',
      content: '<p>{{ store.name | escape }}</p>',
      created_at: about.created_at,
    });
    const events = await waitFor(
      async () => {
        const found = (await templateEvents('template/updated')).filter((e) => e.resource_id === about.id);
        return found.length > 0 ? found : undefined;
      },
      { message: 'template/updated on the storefront stream' },
    );
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({ sequence: 2, resource: updated.body.data });
  });

  it("edits a default template's content, keeping its permalink", async () => {
    const home = (await list()).find((template) => template.kind === 'home')!;
    const edited = await shop.put(`/v1/store/templates/${home.id}.json`, { content: '<h1>Welcome to {{ store.name }}</h1>' });
    expect(edited.body.data).toMatchObject({
      id: home.id,
      kind: 'home',
      permalink: home.permalink,
      content: '<h1>Welcome to {{ store.name }}</h1>',
    });

    const moved = await shop.put(`/v1/store/templates/${home.id}.json`, { permalink: 'start' });
    expect(moved.status).toBe(422);
    expect(moved.body.meta.errors).toEqual({ permalink: ["can't be changed on the home template"] });
  });

  it("answers 422 for Liquid that does not parse, naming the line and the parser's message, and stores nothing", async () => {
    const before = await list();
    const bad = await shop.post('/v1/store/templates', {
      name: 'Broken',
      content: '<p>one</p>\n<p>two</p>\n{% for p in products %}\n<p>{{ p.name }}</p>',
    });

    expect(bad.status).toBe(422);
    expect(bad.body.meta).toMatchObject({
      code: 422,
      error_type: 'ValidationError',
      errors: { content: ['has a Liquid syntax error on line 3: tag {% for p in products %} not closed'] },
    });
    const badUpdate = await shop.put(`/v1/store/templates/${about.id}`, { content: 'ok\n{{ unclosed' }, 'form');
    expect(badUpdate.status).toBe(422);
    expect(badUpdate.body.meta.errors).toEqual({ content: ['has a Liquid syntax error on line 2: output "{{ unclosed" not closed'] });
    expect(await list()).toEqual(before);
  });

  it('refuses a duplicate permalink and every path of the site', async () => {
    const duplicate = await shop.post('/v1/store/templates', { name: 'Again', permalink: 'ABOUT' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.meta.errors).toEqual({ permalink: ['has already been taken'] });

    const second = await shop.post('/v1/store/templates', { name: 'Second', permalink: 'second' });
    const taken = await shop.put(`/v1/store/templates/${second.body.data.id}`, { permalink: 'about' });
    expect(taken.status).toBe(422);
    expect(taken.body.meta.errors).toEqual({ permalink: ['has already been taken'] });

    for (const permalink of [
      'cart',
      'checkout',
      'orders',
      'products',
      'p',
      'collections',
      'pages',
      'contact',
      'faq',
      'store.css',
      's',
      'home',
    ]) {
      const reserved = await shop.post('/v1/store/templates', { name: 'Reserved', permalink });
      expect([permalink, reserved.status, reserved.body.meta.errors]).toEqual([
        permalink,
        422,
        { permalink: ['is reserved for a page of the site'] },
      ]);
    }
    // Another store may use the same permalink.
    expect((await rival.post('/v1/store/templates', { name: 'About', permalink: 'about' })).status).toBe(200);
  });

  it("answers 404 for another store's template and for ids that name nothing, changing nothing", async () => {
    const theirs = (await list(rival))[0]!;
    for (const id of [theirs.id, 999_999, 'abc', '0', '-1']) {
      const answer = await shop.put(`/v1/store/templates/${id}.json`, { content: 'stolen' });
      expect([id, answer.status, answer.body.meta.error_type]).toEqual([id, 404, 'NotFound']);
    }
    expect((await list(rival))[0]).toEqual(theirs);
    expect((await rival.put(`/v1/store/templates/${about.id}`, { name: 'Mine now' })).status).toBe(404);
  });

  it('lets a store_read token list and refuses it on writes with 403, and a store_write token writes', async () => {
    const listed = await withToken(reader, 'GET', '/v1/store/templates.json');
    expect(listed.status).toBe(200);
    expect(listed.body.data.templates).toContainEqual(expect.objectContaining({ id: about.id }));

    const refusedCreate = await withToken(reader, 'POST', '/v1/store/templates', { name: 'Scoped', permalink: 'scoped' });
    const refusedUpdate = await withToken(reader, 'PUT', `/v1/store/templates/${about.id}`, { name: 'Scoped' });
    for (const refused of [refusedCreate, refusedUpdate]) {
      expect(refused.status).toBe(403);
      expect(refused.body.meta).toMatchObject({ code: 403, error_type: 'InsufficientScope' });
    }
    expect((await list()).map((template) => template.permalink)).not.toContain('scoped');
    expect((await list()).find((template) => template.id === about.id)!.name).toBe('About us');

    const allowed = await withToken(writer, 'POST', '/v1/store/templates', { name: 'Scoped', permalink: 'scoped' });
    expect(allowed.status).toBe(200);
  });
});

describe('attacks on template input', () => {
  it('refuses content over 128 KB with 422, and a body over 1 MB with 413', async () => {
    const big = await shop.post('/v1/store/templates', { name: 'Big', permalink: 'big', content: 'x'.repeat(128 * 1024 + 1) });
    expect(big.status).toBe(422);
    expect(big.body.meta.errors).toEqual({ content: ['is too long (maximum is 131072 characters)'] });

    const huge = await shop.post('/v1/store/templates', { name: 'Huge', permalink: 'huge', content: 'x'.repeat(1_100_000) });
    expect(huge.status).toBe(413);

    // liquidjs parses in time quadratic in its tokens: 18,000 outputs would hold the service for a second.
    const many = await shop.post('/v1/store/templates', { name: 'Many', permalink: 'many', content: '{{a}}'.repeat(18_000) });
    expect(many.status).toBe(422);
    expect(many.body.meta.errors).toEqual({ content: ['has too many Liquid tags and outputs (maximum is 4000)'] });

    const fits = await shop.post('/v1/store/templates', {
      name: 'Fits',
      permalink: 'fits',
      content: '{{ a }}\n'.repeat(4_000) + 'x'.repeat(90_000),
    });
    expect(fits.status).toBe(200);
  });

  it('refuses Liquid nested too deep to parse with 422, and the service keeps answering', async () => {
    // 1,900 nested ifs are 3,800 markups, under the count limit, yet deeper than the parser's stack.
    const deep = '{% if a %}'.repeat(1_900) + '{% endif %}'.repeat(1_900);
    const answer = await shop.post('/v1/store/templates', { name: 'Deep', permalink: 'deep', content: deep });
    expect(answer.status).toBe(422);
    expect(answer.body.meta.errors).toEqual({ content: ['is nested too deeply to be a Liquid template'] });
    const parens = await shop.post('/v1/store/templates', {
      name: 'Parens',
      permalink: 'parens',
      content: `{{ ${'('.repeat(5_000)}a${')'.repeat(5_000)} }}`,
    });
    expect(parens.body.meta.errors).toEqual({ content: ['is nested too deeply to be a Liquid template'] });
    expect((await shop.get('/v1/store/templates')).status).toBe(200);
  });

  it('refuses encoded and traversing permalinks, and keeps encoded content as sent', async () => {
    for (const permalink of ['../admin', 'a%2Fb', 'a/b', '%2e%2e', 'a b', '<script>', 'cart%00']) {
      const answer = await shop.post('/v1/store/templates', { name: 'Sneaky', permalink }, 'form');
      expect([permalink, answer.status, Object.keys(answer.body.meta.errors ?? {})]).toEqual([permalink, 422, ['permalink']]);
    }
    const raw = await shop.raw(
      'POST',
      '/v1/store/templates',
      'name=Encoded&permalink=encoded&content=%3Cp%3E%25%7B%7B%20%E2%82%AC%20%7D%7D%3C%2Fp%3E',
      'application/x-www-form-urlencoded',
    );
    expect(raw.status).toBe(200);
    expect(raw.body.data.content).toBe('<p>%{{ € }}</p>');

    const name = await shop.post('/v1/store/templates', { name: { $ne: 1 }, permalink: 'object-name' });
    expect(name.status).toBe(422);
    expect(Object.keys(name.body.meta.errors)).toEqual(['name']);
  });
});

describe('template events reach webhooks', () => {
  it('delivers template/created and template/updated, signed, with the template as the API renders it', async () => {
    const base = await receiver.listen();
    const hook = await shop.post('/v1/webhooks.json', { url: `${base}/templates`, events: ['template/created', 'template/updated'] });
    expect(hook.status).toBe(200);
    receiver.secretFor('/templates', hook.body.data.secret);

    const created = (await shop.post('/v1/store/templates', { name: 'Hooked', permalink: 'hooked', content: 'v1' })).body.data;
    const updated = (await shop.put(`/v1/store/templates/${created.id}`, { content: 'v2' })).body.data;

    const arrivalOf = (topic: string) =>
      waitFor(() => receiver.acceptedOf(topic).find((arrival) => arrival.resourceId === created.id), {
        timeoutMs: 20_000,
        message: `${topic} at the receiver`,
      });
    expect((await arrivalOf('template/created')).body.data).toEqual(created);
    expect((await arrivalOf('template/updated')).body.data).toEqual(updated);
    expect(receiver.rejected).toEqual([]);
  });
});

describe('a store from before templates', () => {
  it('has its six defaults once the upgraded storefront starts, its custom templates kept', async () => {
    const before = await list(rival);
    const custom = before.filter((template) => template.kind === 'custom');
    expect(custom.length).toBeGreaterThan(0);

    // The data as the storefront left it before templates: no defaults, and migration 2 not yet run.
    await oauth.stack.killService('storefront', 'SIGTERM');
    const db = await openDatabase({ engine: 'embedded', dir: path.join(oauth.env.DATA_DIR!, 'storefront') });
    try {
      expect(await db.collection('templates').deleteMany({ store_id: rivalStoreId, kind: { $ne: 'custom' } })).toBe(6);
      expect(await db.collection('_migrations').deleteOne({ _id: 'service/2' })).toBe(1);
    } finally {
      await db.close();
    }
    const upgraded = await oauth.stack.startService('storefront', { LOG_LEVEL: 'info' });
    expect(upgraded.output()).toContain('"migration":"service/2"');

    const after = await list(rival);
    expect(after.filter((template) => template.kind !== 'custom').map((template) => template.kind)).toEqual(DEFAULT_KINDS);
    expect(after.filter((template) => template.kind === 'custom')).toEqual(custom);
    expect((await list()).length).toBeGreaterThan(6);
  });
});
