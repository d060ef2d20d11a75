import { status } from '@grpc/grpc-js';
import { rejectionOf } from '@commerce/testing';
import { anAccountRequest, startIdentityHarness, type IdentityHarness } from './identity.fixture';

let harness: IdentityHarness;

beforeAll(async () => {
  harness = await startIdentityHarness();
});

afterAll(() => harness?.stop());

const anAccount = () => harness.client.createStoreAccount(anAccountRequest());

describe('AuthenticateApiKey', () => {
  it('answers the store of the key it was given at sign-up', async () => {
    const account = await anAccount();

    const answer = await harness.client.authenticateApiKey({ api_key: account.api_key });

    expect(answer.store_id).toBe(account.store_id);
    expect(answer.key_id).not.toBe('');
  });

  it('tells stores apart by their keys', async () => {
    const [first, second] = await Promise.all([anAccount(), anAccount()]);

    expect((await harness.client.authenticateApiKey({ api_key: first.api_key })).store_id).toBe(first.store_id);
    expect((await harness.client.authenticateApiKey({ api_key: second.api_key })).store_id).toBe(second.store_id);
    expect(first.store_id).not.toBe(second.store_id);
  });

  it.each([
    ['a well-formed key nobody was given', `sck_${'A'.repeat(43)}`],
    ['a key without the prefix', 'A'.repeat(47)],
    ['a truncated key', 'sck_short'],
    ['an empty key', ''],
  ])('refuses %s with UNAUTHENTICATED "API Key is invalid"', async (_case, apiKey) => {
    const error = await rejectionOf(harness.client.authenticateApiKey({ api_key: apiKey }));

    expect(error.code).toBe(status.UNAUTHENTICATED);
    expect(error.message).toBe('API Key is invalid');
  });
});

describe('RotateApiKey', () => {
  it('gives a new key that works and kills the old one at once', async () => {
    const account = await anAccount();
    const { key_id: firstKeyId } = await harness.client.authenticateApiKey({ api_key: account.api_key });

    const rotated = await harness.client.rotateApiKey({ store_id: account.store_id });

    expect(rotated.api_key).toMatch(/^sck_[A-Za-z0-9_-]{43}$/);
    expect(rotated.api_key).not.toBe(account.api_key);
    expect(await harness.client.authenticateApiKey({ api_key: rotated.api_key })).toEqual({
      store_id: account.store_id,
      key_id: rotated.key_id,
    });
    expect((await rejectionOf(harness.client.authenticateApiKey({ api_key: account.api_key }))).code).toBe(status.UNAUTHENTICATED);
    expect(rotated.key_id).not.toBe(firstKeyId);
  });

  it('publishes api_key/rotated on events.identity.<store_id>.api_key/rotated with the old and new key ids', async () => {
    const account = await anAccount();
    const { key_id: firstKeyId } = await harness.client.authenticateApiKey({ api_key: account.api_key });

    const rotated = await harness.client.rotateApiKey({ store_id: account.store_id });

    const isRotation = (event: { store_id: number; topic: string; sequence: number }) =>
      event.store_id === account.store_id && event.topic === 'api_key/rotated' && event.sequence === 2;
    const [event] = await harness.waitForEvents(
      'identity',
      1,
      { where: isRotation },
      { message: `the rotation of store ${account.store_id}'s key` },
    );
    expect(event.resource).toEqual({ store_id: account.store_id, key_id: rotated.key_id, old_key_id: firstKeyId });
    expect(JSON.stringify(event)).not.toContain(rotated.api_key);
    const ofStore = (await harness.eventsOf('identity')).filter((published) => published.store_id === account.store_id);
    expect(ofStore.map((published) => [published.topic, published.sequence])).toEqual([
      ['api_key/rotated', 1],
      ['api_key/rotated', 2],
    ]);
  });

  it('serializes concurrent rotations: each answers, the last one stored is the only key that works', async () => {
    const account = await anAccount();

    const rotations = await Promise.all(Array.from({ length: 10 }, () => harness.client.rotateApiKey({ store_id: account.store_id })));

    const working = await Promise.all(
      rotations.map(({ api_key }) =>
        harness.client.authenticateApiKey({ api_key }).then(
          ({ key_id }) => key_id,
          () => undefined,
        ),
      ),
    );
    expect(working.filter(Boolean)).toHaveLength(1);
    const isLast = (event: { store_id: number; sequence: number }) => event.store_id === account.store_id && event.sequence === 11;
    const [last] = await harness.waitForEvents(
      'identity',
      1,
      { where: isLast },
      { message: `the 10th rotation of store ${account.store_id}'s key` },
    );
    expect(last.resource.key_id).toBe(working.find(Boolean));
  });

  it('answers NOT_FOUND for a store that has no key', async () => {
    const error = await rejectionOf(harness.client.rotateApiKey({ store_id: 999_999 }));

    expect(error.code).toBe(status.NOT_FOUND);
  });

  it('answers INVALID_ARGUMENT without a store id', async () => {
    const error = await rejectionOf(harness.client.rotateApiKey({ store_id: 0 }));

    expect(error.code).toBe(status.INVALID_ARGUMENT);
  });
});
