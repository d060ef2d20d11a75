import { OutboxCollection } from '@commerce/events';
import { GrpcStatus, isDomainError, RemoteError } from '@commerce/grpc-runtime';
import { KeyedQueue, openDatabase, type Database } from '@commerce/persistence';
import { addGroup } from '../domain/store-shipping';
import { ensureShippingIndexes } from '../infra/indexes';
import { StoreShippingRepository, type StoreShippingDocument } from '../infra/store-shipping.repository';
import { changeStoreShipping } from './change-store-shipping';
import { deleteShippingGroup } from './delete-shipping-group';
import type { CatalogPort, GroupRetirement, ShippingDeps } from './shipping-deps';

// The delete use case on the memory engine, with catalog as a port written for the test: it records what
// shipping asked, answers what each test sets, and can fail. The real catalog's side is tested in
// services/catalog (RetireShippingGroup) and through the stack (test/stack/shipping-group-delete-race.test.ts).

const STORE = 5;
const GROUP = 1;
const HOLD_MS = 60_000;

let db: Database;
let repository: StoreShippingRepository;
let now: number;
let calls: string[];
let retireAnswer: () => Promise<GroupRetirement>;
let restoreFails: boolean;
let warnings: string[];

const catalog: CatalogPort = {
  productsInGroup: () => Promise.reject(new Error('not asked when deleting')),
  retireGroup: (storeId, groupId, token) => {
    calls.push(`retire ${groupId} ${token}`);
    return retireAnswer();
  },
  restoreGroup: async (storeId, groupId, token) => {
    calls.push(`restore ${groupId} ${token}`);
    if (restoreFails) throw new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'catalog is down' });
  },
};

const deps = (overrides: Partial<ShippingDeps> = {}): ShippingDeps => ({
  repository,
  nextId: () => Promise.reject(new Error('no ids needed')),
  catalog,
  clock: () => new Date(now),
  changes: new KeyedQueue(),
  logger: { warn: (_fields: unknown, message?: string) => void warnings.push(String(message)) } as ShippingDeps['logger'],
  ...overrides,
});

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  await ensureShippingIndexes(db);
  repository = new StoreShippingRepository(new OutboxCollection(db.collection<StoreShippingDocument>(StoreShippingRepository.collection)));
  now = Date.UTC(2026, 0, 15);
  calls = [];
  warnings = [];
  restoreFails = false;
  retireAnswer = async () => ({ retired: true, heldForMs: HOLD_MS });
  await changeStoreShipping(deps(), STORE, (current, at) => ({
    next: addGroup(current, { id: GROUP, name: 'Posters' }, [], at),
    primary: { type: 'shipping_group', id: GROUP },
  }));
});

afterEach(() => db.close());

const groupIds = async () => (await repository.load(STORE)).shipping.groups.map((group) => group.id);
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'deleted',
    (error: unknown) =>
      isDomainError(error) ? `${error.reason}: ${error.message}` : error instanceof RemoteError ? `remote ${error.code}` : error,
  );
const token = () => calls[0]!.split(' ')[2]!;

it('deletes the group once catalog retired it, and restores nothing', async () => {
  const deleted = await deleteShippingGroup(deps(), STORE, GROUP, Infinity);

  expect(deleted).toMatchObject({ id: GROUP, name: 'Posters' });
  expect(await groupIds()).toEqual([]);
  expect(calls).toEqual([`retire ${GROUP} ${token()}`]);
});

it('refuses with the count catalog answered, keeps the group and has nothing to restore', async () => {
  retireAnswer = async () => ({ retired: false, productCount: 3 });

  expect(await failureOf(deleteShippingGroup(deps(), STORE, GROUP, Infinity))).toBe(
    'FAILED_PRECONDITION: Shipping group is used by 3 products; move them to another group first',
  );
  expect(await groupIds()).toEqual([GROUP]);
  expect(calls).toHaveLength(1);
});

it('restores the group in catalog when its own write fails after the retirement', async () => {
  const failing = deps({ changes: { run: () => Promise.reject(new Error('disk full')) } as unknown as KeyedQueue });

  expect(await failureOf(deleteShippingGroup(failing, STORE, GROUP, Infinity))).toEqual(new Error('disk full'));
  expect(await groupIds()).toEqual([GROUP]);
  expect(calls).toEqual([`retire ${GROUP} ${token()}`, `restore ${GROUP} ${token()}`]);
});

it('does not write the delete later than half the hold after asking: it restores instead', async () => {
  retireAnswer = async () => {
    now += HOLD_MS / 2 + 1; // a stall between catalog's answer and the write
    return { retired: true, heldForMs: HOLD_MS };
  };

  expect(await failureOf(deleteShippingGroup(deps(), STORE, GROUP, Infinity))).toBe(
    'UNAVAILABLE: Deleting the shipping group took too long; try again',
  );
  expect(await groupIds()).toEqual([GROUP]);
  expect(calls).toEqual([`retire ${GROUP} ${token()}`, `restore ${GROUP} ${token()}`]);
});

it('restores when catalog could not answer (it may have retired the group after the call gave up)', async () => {
  retireAnswer = () => Promise.reject(new RemoteError({ code: GrpcStatus.DEADLINE_EXCEEDED, message: 'deadline' }));

  expect(await failureOf(deleteShippingGroup(deps(), STORE, GROUP, Infinity))).toBe(`remote ${GrpcStatus.DEADLINE_EXCEEDED}`);
  expect(await groupIds()).toEqual([GROUP]);
  expect(calls).toEqual([`retire ${GROUP} ${token()}`, `restore ${GROUP} ${token()}`]);
});

it('has nothing to restore when catalog answered a refusal of its own (another attempt holds the group)', async () => {
  retireAnswer = () =>
    Promise.reject(
      new RemoteError({
        code: GrpcStatus.ABORTED,
        message: 'Another deletion of this shipping group is under way; try again',
        reason: 'CONFLICT',
      }),
    );

  expect(await failureOf(deleteShippingGroup(deps(), STORE, GROUP, Infinity))).toBe(`remote ${GrpcStatus.ABORTED}`);
  expect(await groupIds()).toEqual([GROUP]);
  expect(calls).toHaveLength(1);
});

it('never restores a group whose delete did land though the write reported a failure', async () => {
  const landedThenFailed = deps({
    changes: {
      run: async (key: number, task: () => Promise<unknown>) => {
        await new KeyedQueue().run(key, task);
        throw new Error('connection reset after the write');
      },
    } as unknown as KeyedQueue,
  });

  expect(await failureOf(deleteShippingGroup(landedThenFailed, STORE, GROUP, Infinity))).toEqual(
    new Error('connection reset after the write'),
  );
  expect(await groupIds()).toEqual([]);
  expect(calls).toEqual([`retire ${GROUP} ${token()}`]);
});

it('leaves the retirement to catalog sweep when the restore cannot reach it, and says so', async () => {
  const failing = deps({ changes: { run: () => Promise.reject(new Error('disk full')) } as unknown as KeyedQueue });
  restoreFails = true;

  expect(await failureOf(deleteShippingGroup(failing, STORE, GROUP, Infinity))).toEqual(new Error('disk full'));
  expect(warnings).toEqual(['could not restore the shipping group in catalog; its sweep will']);
});

it('uses a new token for every attempt', async () => {
  retireAnswer = async () => ({ retired: false, productCount: 1 });
  await failureOf(deleteShippingGroup(deps(), STORE, GROUP, Infinity));
  await failureOf(deleteShippingGroup(deps(), STORE, GROUP, Infinity));

  expect(new Set(calls.map((call) => call.split(' ')[2])).size).toBe(2);
});
