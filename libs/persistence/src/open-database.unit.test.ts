import { join } from 'node:path';
import { databaseOptionsFrom } from '@commerce/persistence';

describe('databaseOptionsFrom', () => {
  it('uses the embedded engine under DATA_DIR/<service> when MONGO_URL is not set', () => {
    expect(databaseOptionsFrom({ DATA_DIR: '/var/lib/store', MONGO_DB_PREFIX: 'ignored_' }, 'catalog')).toEqual({
      engine: 'embedded',
      dir: join('/var/lib/store', 'catalog'),
    });
  });

  it('uses MongoDB with database <prefix><service> when MONGO_URL is set', () => {
    expect(databaseOptionsFrom({ MONGO_URL: 'mongodb://db:27017', DATA_DIR: '.data', MONGO_DB_PREFIX: 'staging_' }, 'orders')).toEqual({
      engine: 'mongodb',
      url: 'mongodb://db:27017',
      name: 'staging_orders',
    });
  });

  it('names the MongoDB database after the service alone without a prefix, and treats an empty MONGO_URL as unset', () => {
    expect(databaseOptionsFrom({ MONGO_URL: 'mongodb://db', DATA_DIR: '.data' }, 'identity')).toMatchObject({ name: 'identity' });
    expect(databaseOptionsFrom({ MONGO_URL: '', DATA_DIR: '.data' }, 'identity')).toMatchObject({ engine: 'embedded' });
  });
});
