import { createLogger } from '@commerce/observability';
import { openDatabase, type Database } from '@commerce/persistence';
import { MIGRATIONS_COLLECTION, runMigrations, type Migration, type MigrationRecord } from './migrations';

const logger = createLogger({ service: 'migrations-test', level: 'silent' });

describe('runMigrations', () => {
  let db: Database;
  let ran: string[];
  const migration = (id: number, scope = 'service'): Migration => ({
    id,
    name: `migration ${id}`,
    run: async (database) => {
      ran.push(`${scope}/${id}`);
      await database.collection('things').updateMany({}, { $inc: { touched: 1 } });
    },
  });

  beforeEach(async () => {
    db = await openDatabase({ engine: 'memory' });
    await db.collection('things').insertOne({ id: 1, touched: 0 });
    ran = [];
  });
  afterEach(() => db.close());

  it('runs each scope in id order, host first, and records what ran', async () => {
    await runMigrations(db, { host: [migration(1, 'host')], service: [migration(2), migration(1)] }, logger);
    expect(ran).toEqual(['host/1', 'service/1', 'service/2']);
    const records = await db.collection<MigrationRecord>(MIGRATIONS_COLLECTION).find({}, { sort: { _id: 1 } });
    expect(records.map((record) => [record._id, record.name])).toEqual([
      ['host/1', 'migration 1'],
      ['service/1', 'migration 1'],
      ['service/2', 'migration 2'],
    ]);
    expect(records.every((record) => record.ran_at instanceof Date)).toBe(true);
  });

  it('never runs a recorded migration again, and runs the ones added since', async () => {
    await runMigrations(db, { service: [migration(1)] }, logger);
    await runMigrations(db, { service: [migration(1), migration(2)] }, logger);
    expect(ran).toEqual(['service/1', 'service/2']);
    expect(await db.collection('things').findOne({ id: 1 })).toMatchObject({ touched: 2 });
  });

  it('leaves a failed migration unrecorded, so the next start runs it again, and runs nothing after it', async () => {
    const failing: Migration = { id: 1, name: 'fails', run: () => Promise.reject(new Error('disk full')) };
    await expect(runMigrations(db, { service: [failing, migration(2)] }, logger)).rejects.toThrow('disk full');
    expect(ran).toEqual([]);
    expect(await db.collection(MIGRATIONS_COLLECTION).count({})).toBe(0);
    await runMigrations(db, { service: [migration(1), migration(2)] }, logger);
    expect(ran).toEqual(['service/1', 'service/2']);
  });

  it('refuses two migrations with one id and ids that are not positive integers', async () => {
    await expect(runMigrations(db, { service: [migration(1), migration(1)] }, logger)).rejects.toThrow('service/1 is declared twice');
    await expect(runMigrations(db, { service: [migration(0)] }, logger)).rejects.toThrow('ids are positive integers');
    expect(ran).toEqual([]);
  });
});
