import { join } from 'node:path';
import type { Database, DatabaseOptions } from './collection.port';
import { openSqliteDatabase } from './sqlite/sqlite.engine';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.engine === 'mongodb') {
    // Loaded only when used: the driver adds ~23 MB to every process that merely imports it.
    const { openMongoDatabase } = await import('./mongodb/mongodb.engine.js');
    return openMongoDatabase(options.url, options.name);
  }
  return openSqliteDatabase(options);
}

export interface PersistenceEnv {
  MONGO_URL?: string;
  DATA_DIR: string;
  MONGO_DB_PREFIX?: string;
}

/** MONGO_URL set → that server, database `${MONGO_DB_PREFIX}${service}`; otherwise the embedded store under `${DATA_DIR}/${service}`. */
export function databaseOptionsFrom(env: PersistenceEnv, service: string): DatabaseOptions {
  if (env.MONGO_URL) return { engine: 'mongodb', url: env.MONGO_URL, name: `${env.MONGO_DB_PREFIX ?? ''}${service}` };
  return { engine: 'embedded', dir: join(env.DATA_DIR, service) };
}
