import { removeDir, tempDir } from '@commerce/testing';
import type { Database, Engine } from '../src/collection.port';
import { openDatabase } from '../src/open-database';

/** The database under test; a fresh, empty one for every test. */
export interface ContractContext {
  readonly engine: Engine;
  db(): Database;
  /** Closes the database and opens the same one again; only on engines that keep data across a reopen. */
  reopen?: () => Promise<Database>;
}

interface EngineUnderTest {
  engine: Engine;
  /** An empty database. */
  open: () => Promise<Database>;
  /** Runs after each test (after close): removes what `open` created. */
  cleanup: () => Promise<void>;
  /** Opens again what the last `open` created (engines that persist). */
  reopen?: () => Promise<Database>;
}

function memoryEngine(): EngineUnderTest {
  return { engine: 'memory', open: () => openDatabase({ engine: 'memory' }), cleanup: async () => undefined };
}

function embeddedEngine(): EngineUnderTest {
  const dirs: string[] = [];
  return {
    engine: 'embedded',
    open: async () => {
      const dir = await tempDir('persistence-contract-');
      dirs.push(dir);
      return openDatabase({ engine: 'embedded', dir });
    },
    cleanup: async () => {
      await Promise.all(dirs.splice(0).map(removeDir));
    },
    reopen: () => openDatabase({ engine: 'embedded', dir: dirs[dirs.length - 1] }),
  };
}

/** A uniquely named database per test on the server at MONGO_URL, dropped afterwards. */
function mongodbEngine(url: string): EngineUnderTest {
  const names: string[] = [];
  return {
    engine: 'mongodb',
    open: () => {
      const name = `persistence_contract_${process.pid}_${names.length}_${Date.now()}`;
      names.push(name);
      return openDatabase({ engine: 'mongodb', url, name });
    },
    reopen: () => openDatabase({ engine: 'mongodb', url, name: names[names.length - 1] }),
    cleanup: async () => {
      // Loaded only here: the driver would add half a second to every contract file run without MONGO_URL.
      const { MongoClient } = await import('mongodb');
      const client = await MongoClient.connect(url);
      try {
        for (const name of names.splice(0)) await client.db(name).dropDatabase();
      } finally {
        await client.close();
      }
    },
  };
}

/** SQLite in memory, a SQLite file, and MongoDB when MONGO_URL is set. */
function enginesUnderTest(): EngineUnderTest[] {
  const mongoUrl = process.env.MONGO_URL;
  return [memoryEngine(), embeddedEngine(), ...(mongoUrl ? [mongodbEngine(mongoUrl)] : [])];
}

/**
 * Runs one part of what the collection port promises against every engine, each test on a fresh, empty
 * database: `collection contract: <engine>` names the engine in every test's name.
 */
export function describeCollectionContract(suite: (context: ContractContext) => void): void {
  for (const { engine, open, cleanup, reopen } of enginesUnderTest()) {
    describe(`collection contract: ${engine}`, () => {
      let current: Database | undefined;

      beforeEach(async () => {
        current = await open();
      });

      afterEach(async () => {
        await current?.close();
        current = undefined;
        await cleanup();
      });

      suite({
        engine,
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
      });
    });
  }
}
