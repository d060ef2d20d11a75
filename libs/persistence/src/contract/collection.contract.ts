import type { Database, Engine } from '../collection.port';
import { describeCrudContract } from './crud.contract';
import { describeFilterContract } from './filter.contract';
import { describeFindOptionsContract } from './find-options.contract';
import { describeUpdateContract } from './update.contract';
import { describeFindOneAndUpdateContract } from './find-one-and-update.contract';
import { describeUniqueIndexContract } from './unique-index.contract';
import { describeNextIdContract } from './next-id.contract';
import { describeCompoundIndexContract } from './compound-index.contract';
import { describePortabilityContract } from './portability.contract';
import { describeValueTypesContract } from './value-types.contract';
import { describeConcurrentWritesContract } from './concurrent-writes.contract';
import { describeDropIndexContract } from './drop-index.contract';

/** The database under test; a fresh, empty one for every test. */
export interface ContractContext {
  readonly engine: Engine;
  db(): Database;
  /** Closes the database and opens the same one again; only on engines that keep data across a reopen. */
  reopen?: () => Promise<Database>;
}

/**
 * Every behaviour the collection port promises, run against one engine. `open` must return an
 * empty database; `cleanup` runs after each test (after close) to remove what `open` created.
 * `reopen`, on engines that persist, opens again what the last `open` created.
 */
export function describeCollectionContract(
  engineName: Engine,
  open: () => Promise<Database>,
  cleanup: () => Promise<void>,
  reopen?: () => Promise<Database>,
): void {
  describe(`collection contract: ${engineName}`, () => {
    let current: Database | undefined;

    beforeEach(async () => {
      current = await open();
    });

    afterEach(async () => {
      await current?.close();
      current = undefined;
      await cleanup();
    });

    const context: ContractContext = {
      engine: engineName,
      db: () => {
        if (!current) throw new Error('no database open');
        return current;
      },
      reopen:
        reopen &&
        (async () => {
          await current?.close();
          current = await reopen();
          return current;
        }),
    };

    it(`reports its engine as ${engineName}`, () => {
      expect(context.db().engine).toBe(engineName);
    });

    it('refuses every operation once closed, and closing twice is harmless', async () => {
      const db = context.db();
      const products = db.collection('products');
      await products.insertOne({ id: 1 });
      await db.close();

      await expect(products.find({})).rejects.toThrow('closed');
      await expect(products.insertOne({ id: 2 })).rejects.toThrow('closed');
      await expect(db.nextId('products')).rejects.toThrow('closed');
      expect(() => db.collection('products')).toThrow('closed');
      await db.close();
    });

    describeCrudContract(context);
    describeFilterContract(context);
    describeFindOptionsContract(context);
    describeUpdateContract(context);
    describeFindOneAndUpdateContract(context);
    describeUniqueIndexContract(context);
    describeDropIndexContract(context);
    describeNextIdContract(context);
    describePortabilityContract(context);
    describeCompoundIndexContract(context);
    describeValueTypesContract(context);
    describeConcurrentWritesContract(context);
  });
}
