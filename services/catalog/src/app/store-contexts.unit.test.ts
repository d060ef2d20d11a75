import { openDatabase, type Database } from '@commerce/persistence';
import { StoreContextRepository, type StoreContextDocument } from '../infra/store-context.repository';
import { StoreContexts } from './store-contexts';

const SECOND = '2026-05-01T10:00:00Z';
const LATER = '2026-05-01T10:00:05Z';
const store = { time_zone: 'Asia/Tokyo', subdomain: 'tea', url: 'https://tea.example' };

let db: Database;
let contexts: StoreContexts;
let asked: number[];

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  asked = [];
  const storefront = {
    storeContext: async (storeId: number) => {
      asked.push(storeId);
      return { context: { ...store, currency: 'KWD' }, updatedAt: new Date(SECOND) };
    },
  };
  contexts = new StoreContexts(
    new StoreContextRepository(db.collection<StoreContextDocument>(StoreContextRepository.collection)),
    storefront,
  );
});
afterEach(() => db.close());

describe("catalog's store projection keeps the currency (docs/money.md#currency)", () => {
  it('follows store events, a later one winning', async () => {
    await contexts.apply(1, { ...store, currency: 'JPY', updated_at: SECOND });
    await contexts.apply(1, { ...store, currency: 'EUR', updated_at: LATER });
    await contexts.apply(1, { ...store, currency: 'JPY', updated_at: SECOND });
    expect(await contexts.of(1)).toEqual({ ...store, currency: 'EUR' });
    expect(asked).toEqual([]);
  });

  it('reads an event of a storefront from before currencies, and a row kept before them, as USD', async () => {
    await contexts.apply(2, { ...store, updated_at: SECOND });
    expect((await contexts.of(2)).currency).toBe('USD');
    await db.collection(StoreContextRepository.collection).insertOne({ store_id: 3, ...store, updated_at: new Date(SECOND) });
    expect((await contexts.of(3)).currency).toBe('USD');
  });

  it('asks the storefront for a store it has not seen, currency included', async () => {
    expect(await contexts.of(4)).toEqual({ ...store, currency: 'KWD' });
    expect(await contexts.of(4)).toEqual({ ...store, currency: 'KWD' });
    expect(asked).toEqual([4]);
  });
});
