import { ensureTemplateIndexes } from '../infra/indexes';
import { OutboxCollection } from '@commerce/events';
import { openDatabase, type Database } from '@commerce/persistence';
import { DEFAULT_TEMPLATES } from '../domain/default-templates';
import { writeDefaultTemplates } from '../infra/migrations';
import { loadStorefrontAssets } from '../infra/storefront-assets';
import { StoreRepository, type StoreDocument } from '../infra/store.repository';
import { TemplateRepository, type TemplateDocument } from '../infra/template.repository';
import { ensureDefaultTemplates, templatesOf } from './store-templates';

describe('templatesOf', () => {
  let db: Database;
  let deps: Parameters<typeof templatesOf>[0];
  beforeEach(async () => {
    db = await openDatabase({ engine: 'memory' });
    const templates = new OutboxCollection(db.collection<TemplateDocument>(TemplateRepository.collection));
    await ensureTemplateIndexes(db);
    deps = {
      stores: new StoreRepository(new OutboxCollection(db.collection<StoreDocument>(StoreRepository.collection))),
      templates: new TemplateRepository(templates),
      nextId: (counter) => db.nextId(counter),
      clock: () => new Date(),
      storeDefaults: loadStorefrontAssets().storeDefaults,
    };
  });
  afterEach(() => db.close());

  /** A store as one written before templates existed, or by a process that crashed before writing its defaults. */
  const aStoreWithoutTemplates = (id: number) =>
    db.collection<StoreDocument>(StoreRepository.collection).insertOne({ id, time_zone: 'UTC' } as never);

  it('writes the defaults a store lacks, once, whoever asks first and however many ask at once', async () => {
    await aStoreWithoutTemplates(1);

    const answers = await Promise.all([templatesOf(deps, 1), templatesOf(deps, 1), templatesOf(deps, 1)]);

    expect(answers[0].map((template) => template.kind)).toEqual(DEFAULT_TEMPLATES.map((template) => template.kind));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await db.collection<TemplateDocument>(TemplateRepository.collection).count({ store_id: 1 })).toBe(6);
    expect(await templatesOf(deps, 1)).toEqual(answers[0]);
  });

  it('completes a store that has only some defaults (a crash half-way) and keeps what it has', async () => {
    await aStoreWithoutTemplates(2);
    await ensureDefaultTemplates(deps, 2);
    const [home] = await templatesOf(deps, 2);
    await db.collection<TemplateDocument>(TemplateRepository.collection).deleteMany({ store_id: 2, kind: { $in: ['faq', 'maintenance'] } });

    const healed = await templatesOf(deps, 2);

    expect(healed.map((template) => template.kind).sort()).toEqual(DEFAULT_TEMPLATES.map((template) => template.kind).sort());
    expect(healed[0]).toEqual(home);
  });

  it('answers the records only, without the documents’ bookkeeping, and [] for an unknown store', async () => {
    await aStoreWithoutTemplates(3);
    const [template] = await templatesOf(deps, 3);
    expect(Object.keys(template).sort()).toEqual(['content', 'created_at', 'id', 'kind', 'name', 'permalink', 'store_id', 'updated_at']);
    expect(await templatesOf(deps, 404)).toEqual([]);
    expect(await db.collection<TemplateDocument>(TemplateRepository.collection).count({ store_id: 404 })).toBe(0);
  });
});

describe('migration 2: write the six default templates of every store', () => {
  it('gives every existing store its defaults, and running again writes nothing more', async () => {
    const db = await openDatabase({ engine: 'memory' });
    try {
      for (const id of [1, 2]) await db.collection<StoreDocument>(StoreRepository.collection).insertOne({ id } as never);

      await writeDefaultTemplates.run(db);
      await writeDefaultTemplates.run(db);

      const templates = await db.collection<TemplateDocument>(TemplateRepository.collection).find({}, { sort: { id: 1 } });
      expect(templates.map((template) => [template.store_id, template.kind])).toEqual(
        [1, 2].flatMap((id) => DEFAULT_TEMPLATES.map((template) => [id, template.kind])),
      );
      expect(templates.every((template) => template.outbox.length === 0)).toBe(true);
    } finally {
      await db.close();
    }
  });
});

describe('ensureDefaultTemplates when a custom template holds a default permalink', () => {
  it('still writes that default, at a permalink of its own', async () => {
    const db = await openDatabase({ engine: 'memory' });
    try {
      const collection = new OutboxCollection(db.collection<TemplateDocument>(TemplateRepository.collection));
      await ensureTemplateIndexes(db);
      const templates = new TemplateRepository(collection);
      const faq = DEFAULT_TEMPLATES.find((template) => template.kind === 'faq')!;
      const now = new Date();
      await templates.insert(
        { id: 100, store_id: 1, name: 'Old FAQ', permalink: faq.permalink, content: '', kind: 'custom', created_at: now, updated_at: now },
        [],
      );

      await ensureDefaultTemplates(
        { templates, nextId: (counter) => db.nextId(counter), clock: () => now, storeDefaults: loadStorefrontAssets().storeDefaults },
        1,
      );

      const stored = await templates.listOf(1);
      expect(stored.map((template) => template.kind).sort()).toEqual(
        [...DEFAULT_TEMPLATES.map((template) => template.kind), 'custom'].sort(),
      );
      const written = stored.find((template) => template.kind === 'faq')!;
      expect(written.permalink).toBe(`${faq.permalink}-${written.id}`);
    } finally {
      await db.close();
    }
  });
});
