// One call's failure, however much of its input it echoes, stays that call's: real gRPC on port 0. Before errors were
// bounded, a validation error naming 5,000 unknown ids made trailers past HTTP/2's header limit, and every call in
// flight on the channel (other stores' included) hung until its deadline.
import { status } from '@grpc/grpc-js';
import { storefront } from '@commerce/contracts';
import {
  DomainError,
  ECHO_LIMITS,
  RemoteError,
  closeAllChannels,
  createClient,
  implement,
  ruleBroken,
  startGrpcServer,
  validationFailed,
  type RunningGrpcServer,
} from '@commerce/grpc-runtime';
import { MAX_MESSAGE_BYTES } from './channel.options';

const aStore = (fields: Partial<storefront.Store> = {}) =>
  storefront.Store.fromPartial({ id: 1, name: 'Bolts & Nuts', subdomain: 'bolts', ...fields });
const manyUnknownIds = () => ({
  products: Array.from({ length: 5_000 }, (_, index) => `has an unknown product id: ${1_000_000_000 + index}`),
});

/** createStore fails in the way its subdomain names; getStore of store 99 answers a record past the message limit. */
const handlers = implement(storefront.StoreServiceService, {
  getStore: async (request) => ({ store: request.store_id === 99 ? aStore({ description: 'd'.repeat(MAX_MESSAGE_BYTES + 1) }) : aStore() }),
  createStore: async (request) => {
    switch (request.subdomain) {
      case 'many-violations':
        throw validationFailed(manyUnknownIds());
      case 'raw-violations':
        throw new DomainError('INVALID_ARGUMENT', 'Validation failed', { fieldViolations: manyUnknownIds() });
      case 'long-message':
        throw ruleBroken('LONG', `Refused: ${'m'.repeat(200_000)}`);
      default:
        throw ruleBroken('LONG_METADATA', 'Refused', { detail: 'x'.repeat(200_000) });
    }
  },
  updateStore: async () => ({ store: aStore() }),
  findStore: async () => ({ store: aStore() }),
});

async function failureOf(promise: Promise<unknown>): Promise<RemoteError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof RemoteError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

let running: RunningGrpcServer;
let stores: ReturnType<typeof createClient<storefront.StoreServiceClient>>;

beforeAll(async () => {
  running = await startGrpcServer({
    port: 0,
    host: '127.0.0.1',
    services: [handlers],
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  stores = createClient(storefront.StoreServiceClient, running.address, { deadlineMs: 3_000 });
});
afterAll(async () => {
  await running.shutdown();
  closeAllChannels();
});

/** The failing call, and a neighbour's call sent on the same channel while the first is in flight. */
async function besideANeighbour(failing: Promise<unknown>): Promise<{ failure: RemoteError; neighbour: PromiseSettledResult<unknown> }> {
  const neighbour = stores.getStore({ store_id: 1 });
  const [failure, settled] = await Promise.all([failureOf(failing), Promise.allSettled([neighbour])]);
  return { failure, neighbour: settled[0] };
}

describe.each(['many-violations', 'raw-violations', 'long-message', 'long-metadata'])(
  'a failure that echoes too much (%s)',
  (subdomain) => {
    it('fails that call alone, with its code, and the call beside it is answered', async () => {
      const { failure, neighbour } = await besideANeighbour(stores.createStore(storefront.CreateStoreRequest.fromPartial({ subdomain })));

      expect(failure.code).toBe(subdomain.endsWith('violations') ? status.INVALID_ARGUMENT : status.FAILED_PRECONDITION);
      expect(failure.message.length).toBeLessThanOrEqual(ECHO_LIMITS.messageChars);
      expect(neighbour.status).toBe('fulfilled');
    });
  },
);

describe('violations carried back', () => {
  it('are the first ones and the count of the others', async () => {
    const failure = await failureOf(stores.createStore(storefront.CreateStoreRequest.fromPartial({ subdomain: 'raw-violations' })));

    expect(failure.fieldViolations!.products).toHaveLength(ECHO_LIMITS.violations + 1);
    expect(failure.fieldViolations!.products!.at(0)).toBe('has an unknown product id: 1000000000');
    expect(failure.fieldViolations!.products!.at(-1)).toBe('and 4,980 more');
  });

  it('keep the reason when the rich details are cut', async () => {
    const failure = await failureOf(stores.createStore(storefront.CreateStoreRequest.fromPartial({ subdomain: 'long-metadata' })));

    expect(failure).toMatchObject({ reason: 'LONG_METADATA', message: 'Refused', metadata: undefined });
  });
});

describe('an answer past the message limit', () => {
  it('fails that call alone with RESOURCE_EXHAUSTED, and the call beside it is answered', async () => {
    const { failure, neighbour } = await besideANeighbour(stores.getStore({ store_id: 99 }));

    expect(failure.code).toBe(status.RESOURCE_EXHAUSTED);
    expect(failure.reason).toBeUndefined();
    expect(neighbour.status).toBe('fulfilled');
  });
});
