import { ensureTemplateIndexes } from '../infra/indexes';
import { OutboxCollection } from '@commerce/events';
import { isDomainError } from '@commerce/grpc-runtime';
import { KeyedQueue, openDatabase, type Database } from '@commerce/persistence';
import { StoreRepository, type StoreDocument } from '../infra/store.repository';
import { TemplateRepository, type TemplateDocument } from '../infra/template.repository';
import { createTemplate } from './create-template';
import { updateTemplate } from './update-template';

describe('updateTemplate', () => {
  let db: Database;
  beforeEach(async () => {
    db = await openDatabase({ engine: 'memory' });
  });
  afterEach(() => db.close());

  it("answers a field violation when another process's template takes the permalink between the check and the write", async () => {
    const collection = new OutboxCollection(db.collection<TemplateDocument>(TemplateRepository.collection));
    await ensureTemplateIndexes(db);
    await db.collection<StoreDocument>(StoreRepository.collection).insertOne({ id: 1, time_zone: 'UTC' } as never);
    const templates = new TemplateRepository(collection);
    const deps = {
      stores: new StoreRepository(new OutboxCollection(db.collection<StoreDocument>(StoreRepository.collection))),
      templates,
      nextId: (counter: string) => db.nextId(counter),
      clock: () => new Date(),
      updates: new KeyedQueue(),
    };
    const { template } = await createTemplate(deps, 1, { name: 'Mine', permalink: 'mine', content: '' });
    await createTemplate(deps, 1, { name: 'Theirs', permalink: 'theirs', content: '' });
    // The other process's write lands after this one looked: the check sees the permalink free.
    templates.findByPermalink = async () => null;

    const error = await updateTemplate(deps, 1, template.id, { permalink: 'theirs' }).catch((caught: unknown) => caught);

    expect(isDomainError(error) && error.fieldViolations).toEqual({ permalink: ['has already been taken'] });
    expect((await collection.findOne({ id: template.id }))!.permalink).toBe('mine');
  });
});
