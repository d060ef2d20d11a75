import { status } from '@grpc/grpc-js';
import { storefront } from '@commerce/contracts';
import { createClient } from '@commerce/grpc-runtime';
import { rejectionOf, waitFor } from '@commerce/testing';
import { DEFAULT_TEMPLATES } from '../src/domain/default-templates';
import { loadStorefrontAssets } from '../src/infra/storefront-assets';
import { aCreateStoreRequest, startStorefrontHarness, type StorefrontHarness } from './storefront.fixture';

let harness: StorefrontHarness;
let templates: ReturnType<typeof createClient<storefront.TemplateServiceClient>>;

beforeAll(async () => {
  harness = await startStorefrontHarness();
  templates = createClient(storefront.TemplateServiceClient, harness.address);
});

afterAll(() => harness?.stop());

async function aStore(overrides: Partial<storefront.CreateStoreRequest> = {}): Promise<storefront.Store> {
  return (await harness.client.createStore(aCreateStoreRequest(overrides))).store!;
}

const create = (store_id: number, fields: Partial<Omit<storefront.CreateTemplateRequest, 'store_id'>>) =>
  templates.createTemplate(storefront.CreateTemplateRequest.fromPartial({ store_id, ...fields }));
const update = (
  store_id: number,
  template_id: number,
  fields: Partial<Omit<storefront.UpdateTemplateRequest, 'store_id' | 'template_id'>>,
) => templates.updateTemplate(storefront.UpdateTemplateRequest.fromPartial({ store_id, template_id, ...fields }));

describe('ListTemplates', () => {
  it("answers a new store's six defaults, one of each kind, in the store's zone", async () => {
    const store = await aStore({ time_zone: 'Asia/Tokyo' });

    const listed = await templates.listTemplates({ store_id: store.id });

    expect(listed.time_zone).toBe('Asia/Tokyo');
    expect(listed.templates.map(({ kind, name, permalink, content }) => ({ kind, name, permalink, content }))).toEqual(
      DEFAULT_TEMPLATES.map(({ kind, name, permalink }) => ({
        kind,
        name,
        permalink,
        content: loadStorefrontAssets().storeDefaults.templates[kind],
      })),
    );
    expect(new Set(listed.templates.map((template) => template.id)).size).toBe(6);
    expect((await templates.listTemplates({ store_id: store.id })).templates).toEqual(listed.templates);
  });

  it('answers NOT_FOUND for an unknown store', async () => {
    expect((await rejectionOf(templates.listTemplates({ store_id: 999_999 }))).code).toBe(status.NOT_FOUND);
  });
});

describe('CreateTemplate', () => {
  it('stores a custom template, lists it after the defaults and publishes template/created with the rendered template', async () => {
    const store = await aStore({ time_zone: 'Europe/Paris' });

    const { template, time_zone } = await create(store.id, {
      name: ' About us ',
      permalink: 'About-Us',
      content: '<p>{{ store.name }}</p>',
    });

    expect(time_zone).toBe('Europe/Paris');
    expect(template).toMatchObject({ name: 'About us', permalink: 'about-us', content: '<p>{{ store.name }}</p>', kind: 'custom' });
    const listed = (await templates.listTemplates({ store_id: store.id })).templates;
    expect(listed).toHaveLength(7);
    expect(listed[6]).toEqual(template);
    expect(template!.id).toBeGreaterThan(Math.max(...listed.slice(0, 6).map((t) => t.id)));

    const [event] = await harness.waitForEvents('storefront', 1, { store_id: store.id, topic: 'template/created' });
    expect(event).toMatchObject({ sequence: 1, resource_type: 'template', resource_id: template!.id });
    expect(event.resource).toEqual({
      id: template!.id,
      name: 'About us',
      permalink: 'about-us',
      content: '<p>{{ store.name }}</p>',
      kind: 'custom',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/),
      updated_at: expect.stringMatching(/\+0[12]:00$/),
    });
  });

  it('makes the permalink from the name when none is given', async () => {
    const store = await aStore();
    expect((await create(store.id, { name: 'Shipping & Returns' })).template!.permalink).toBe('shipping-returns');
  });

  it("refuses bad Liquid naming the line and the parser's message, and stores nothing", async () => {
    const store = await aStore();

    const error = await rejectionOf(create(store.id, { name: 'Broken', content: '<p>ok</p>\n{% if store.open %}\n<p>open</p>' }));

    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ content: ['has a Liquid syntax error on line 2: tag {% if store.open %} not closed'] });
    expect((await templates.listTemplates({ store_id: store.id })).templates).toHaveLength(6);
  });

  it("refuses a permalink the store's other template holds, or one the site uses", async () => {
    const store = await aStore();
    await create(store.id, { name: 'About', permalink: 'about' });

    expect((await rejectionOf(create(store.id, { name: 'Again', permalink: 'about' }))).fieldViolations).toEqual({
      permalink: ['has already been taken'],
    });
    for (const permalink of ['cart', 'checkout', 'faq', 'store.css', DEFAULT_TEMPLATES[0].permalink]) {
      expect((await rejectionOf(create(store.id, { name: 'Reserved', permalink }))).fieldViolations).toEqual({
        permalink: ['is reserved for a page of the site'],
      });
    }
    // Another store may use the same permalink.
    expect((await create((await aStore()).id, { name: 'About', permalink: 'about' })).template!.permalink).toBe('about');
  });

  it('gives one of many concurrent creates of a permalink the permalink, the others a violation', async () => {
    const store = await aStore();

    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, index) => create(store.id, { name: `Race ${index}`, permalink: 'race' })),
    );

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected')
        expect((result.reason as { fieldViolations?: unknown }).fieldViolations).toEqual({ permalink: ['has already been taken'] });
    }
    const listed = (await templates.listTemplates({ store_id: store.id })).templates;
    expect(listed.filter((template) => template.permalink === 'race')).toHaveLength(1);
  });
});

describe('UpdateTemplate', () => {
  it('changes only the fields sent, moves updated_at and publishes template/updated with sequence 2', async () => {
    const store = await aStore();
    const { template: before } = await create(store.id, { name: 'About', permalink: 'about', content: 'v1' });
    await waitFor(() => Date.now() > before!.updated_at!.getTime(), { message: 'the clock to pass the creation time' });

    const { template } = await update(store.id, before!.id, { content: '{% if true %}v2{% endif %}' });

    expect(template).toEqual({ ...before, content: '{% if true %}v2{% endif %}', updated_at: template!.updated_at });
    expect(template!.updated_at!.getTime()).toBeGreaterThan(before!.updated_at!.getTime());
    const [event] = await harness.waitForEvents('storefront', 1, { store_id: store.id, topic: 'template/updated' });
    expect(event).toMatchObject({
      sequence: 2,
      resource_id: before!.id,
      resource: { content: '{% if true %}v2{% endif %}', permalink: 'about' },
    });
  });

  it('writes and emits nothing when nothing changes', async () => {
    const store = await aStore();
    const { template: before } = await create(store.id, { name: 'Same', permalink: 'same', content: 'x' });

    expect((await update(store.id, before!.id, { name: 'Same', content: 'x' })).template).toEqual(before);
    await update(store.id, before!.id, { name: 'Marker' });
    const events = await harness.waitForEvents('storefront', 1, { store_id: store.id, topic: 'template/updated' });
    expect(events.map((event) => [event.sequence, event.resource.name])).toEqual([[2, 'Marker']]);
  });

  it("edits a default template's name and content but keeps its permalink", async () => {
    const store = await aStore();
    const home = (await templates.listTemplates({ store_id: store.id })).templates.find((template) => template.kind === 'home')!;

    const { template } = await update(store.id, home.id, { name: 'Welcome', content: '<h1>{{ store.name }}</h1><p>hi</p>' });
    expect(template).toMatchObject({ id: home.id, kind: 'home', name: 'Welcome', permalink: home.permalink });

    const moved = await rejectionOf(update(store.id, home.id, { permalink: 'welcome' }));
    expect(moved.fieldViolations).toEqual({ permalink: ["can't be changed on the home template"] });
  });

  it("refuses bad Liquid and another template's permalink, keeping the template as it was", async () => {
    const store = await aStore();
    await create(store.id, { name: 'Taken', permalink: 'taken' });
    const { template: before } = await create(store.id, { name: 'Mine', permalink: 'mine', content: 'ok' });

    expect((await rejectionOf(update(store.id, before!.id, { content: 'a\nb\n{{ x ' }))).fieldViolations).toEqual({
      content: ['has a Liquid syntax error on line 3: output "{{ x " not closed'],
    });
    expect((await rejectionOf(update(store.id, before!.id, { permalink: 'taken' }))).fieldViolations).toEqual({
      permalink: ['has already been taken'],
    });
    expect((await rejectionOf(update(store.id, before!.id, { permalink: 'orders' }))).fieldViolations).toEqual({
      permalink: ['is reserved for a page of the site'],
    });
    expect((await templates.listTemplates({ store_id: store.id })).templates.find((template) => template.id === before!.id)).toEqual(
      before,
    );
  });

  it("answers NOT_FOUND for another store's template and an unknown id, changing nothing", async () => {
    const owner = await aStore();
    const other = await aStore();
    const { template } = await create(owner.id, { name: 'Private', permalink: 'private', content: 'mine' });

    expect((await rejectionOf(update(other.id, template!.id, { content: 'stolen' }))).code).toBe(status.NOT_FOUND);
    expect((await rejectionOf(update(owner.id, 999_999, { content: 'x' }))).code).toBe(status.NOT_FOUND);
    expect((await templates.listTemplates({ store_id: owner.id })).templates.find((t) => t.id === template!.id)!.content).toBe('mine');
  });

  it('keeps every change of concurrent updates to different fields', async () => {
    const store = await aStore();
    const { template } = await create(store.id, { name: 'Busy', permalink: 'busy', content: '' });

    await Promise.all([
      update(store.id, template!.id, { name: 'Busier' }),
      update(store.id, template!.id, { content: 'new' }),
      update(store.id, template!.id, { permalink: 'busiest' }),
    ]);

    const stored = (await templates.listTemplates({ store_id: store.id })).templates.find((t) => t.id === template!.id);
    expect(stored).toMatchObject({ name: 'Busier', content: 'new', permalink: 'busiest' });
    const events = await harness.waitForEvents('storefront', 3, { store_id: store.id, topic: 'template/updated' });
    expect(events.map((event) => event.sequence).sort()).toEqual([2, 3, 4]);
  });
});

describe('DeleteTemplate', () => {
  const remove = (store_id: number, template_id: number) => templates.deleteTemplate({ store_id, template_id });

  it('deletes a custom template, frees its permalink at once and publishes template/deleted with the template as it was', async () => {
    const store = await aStore({ time_zone: 'Europe/Paris' });
    const { template } = await create(store.id, { name: 'Old news', permalink: 'news', content: '<p>old</p>' });

    const deleted = await remove(store.id, template!.id);

    expect(deleted).toEqual({ template, time_zone: 'Europe/Paris' });
    expect((await templates.listTemplates({ store_id: store.id })).templates.map((t) => t.id)).not.toContain(template!.id);
    expect((await rejectionOf(update(store.id, template!.id, { content: 'back' }))).code).toBe(status.NOT_FOUND);
    expect((await rejectionOf(remove(store.id, template!.id))).code).toBe(status.NOT_FOUND);
    const [event] = await harness.waitForEvents('storefront', 1, { store_id: store.id, topic: 'template/deleted' });
    expect(event).toMatchObject({
      sequence: 2,
      resource_type: 'template',
      resource_id: template!.id,
      resource: { id: template!.id, name: 'Old news', permalink: 'news', content: '<p>old</p>', kind: 'custom' },
    });
    // The permalink is free for a new page of the store.
    expect((await create(store.id, { name: 'New news', permalink: 'news' })).template!.permalink).toBe('news');
  });

  it('refuses to delete one of the six defaults, naming it, and keeps it', async () => {
    const store = await aStore();
    const before = (await templates.listTemplates({ store_id: store.id })).templates;
    const faq = before.find((template) => template.kind === 'faq')!;

    const error = await rejectionOf(remove(store.id, faq.id));

    expect(error.code).toBe(status.FAILED_PRECONDITION);
    expect(error.message).toContain("The FAQ template is one of the store's six defaults and can't be deleted");
    expect((await templates.listTemplates({ store_id: store.id })).templates).toEqual(before);
  });

  it("answers NOT_FOUND for another store's template, which stays", async () => {
    const owner = await aStore();
    const { template } = await create(owner.id, { name: 'Mine', permalink: 'mine' });

    expect((await rejectionOf(remove((await aStore()).id, template!.id))).code).toBe(status.NOT_FOUND);
    expect((await templates.listTemplates({ store_id: owner.id })).templates.map((t) => t.id)).toContain(template!.id);
  });
});

describe('concurrent moves to one permalink', () => {
  it('give it to one template and answer the others INVALID_ARGUMENT on permalink, never an internal error', async () => {
    const store = await aStore();
    const created = await Promise.all(
      Array.from({ length: 4 }, (_, index) => create(store.id, { name: `Mover ${index}`, permalink: `mover-${index}` })),
    );

    const results = await Promise.allSettled(created.map(({ template }) => update(store.id, template!.id, { permalink: 'wanted' })));

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected')
        expect((result.reason as { fieldViolations?: unknown }).fieldViolations).toEqual({ permalink: ['has already been taken'] });
    }
    const listed = (await templates.listTemplates({ store_id: store.id })).templates;
    expect(listed.filter((template) => template.permalink === 'wanted')).toHaveLength(1);
  });
});

describe('a restarted storefront', () => {
  it('keeps the templates and ids, and writes no second set of defaults', async () => {
    const store = await aStore();
    const { template } = await create(store.id, { name: 'Kept', permalink: 'kept' });
    const before = (await templates.listTemplates({ store_id: store.id })).templates;

    await harness.restart();

    expect((await templates.listTemplates({ store_id: store.id })).templates).toEqual(before);
    const { template: next } = await create(store.id, { name: 'Next', permalink: 'next' });
    expect(next!.id).toBeGreaterThan(template!.id);
  });
});
