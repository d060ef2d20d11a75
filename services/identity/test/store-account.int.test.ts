import { status } from '@grpc/grpc-js';
import { storefront } from '@commerce/contracts';
import { rejectionOf } from '@commerce/testing';
import { anAccountRequest, startIdentityHarness, type IdentityHarness } from './identity.fixture';

const API_KEY = /^sck_[A-Za-z0-9_-]{43}$/;
const USER_FIELDS = ['id', 'email', 'login', 'bio', 'location', 'gender', 'twitter', 'facebook', 'birthday', 'store_id'];

let harness: IdentityHarness;

beforeAll(async () => {
  harness = await startIdentityHarness();
});

afterAll(() => harness?.stop());

const storedUserByEmail = async (email: string) => (await harness.storedUsers()).filter((user) => user.email === email);

describe('CreateStoreAccount', () => {
  it('creates the user, their store and an sck_ key, and shows no password hash', async () => {
    const request = anAccountRequest({
      email: '  Jane.Doe@Example.COM ',
      subdomain: 'janes',
      name: "Jane's Goods",
      time_zone: 'Europe/Paris',
    });

    const account = await harness.client.createStoreAccount(request);

    expect(account.api_key).toMatch(API_KEY);
    expect(account.store_id).toBeGreaterThan(0);
    expect(Object.keys(account.user!).sort()).toEqual([...USER_FIELDS].sort());
    expect(account.user).toMatchObject({ email: 'jane.doe@example.com', login: 'jane.doe', store_id: account.store_id });
    expect(JSON.stringify(account)).not.toMatch(/scrypt|correct horse/);
    const { store } = await harness.stores.getStore({ store_id: account.store_id });
    expect(store).toMatchObject({
      subdomain: 'janes',
      name: "Jane's Goods",
      owner_user_id: account.user!.id,
      support_email: 'jane.doe@example.com',
      time_zone: 'Europe/Paris',
    });
    expect((await harness.client.getUser({ user_id: account.user!.id })).user).toEqual(account.user);
  });

  it('keeps the password as an scrypt hash, never in plain text', async () => {
    const request = anAccountRequest({ password: 'plain-text-would-be-bad' });

    await harness.client.createStoreAccount(request);

    const [stored] = await storedUserByEmail(request.email);
    expect(stored.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await harness.datafileText('users')).not.toContain('plain-text-would-be-bad');
  });

  it('uses the login the owner chose', async () => {
    const account = await harness.client.createStoreAccount(anAccountRequest({ login: 'hammer.time' }));

    expect(account.user!.login).toBe('hammer.time');
  });

  it('answers ALREADY_EXISTS to a second account for the same e-mail and password', async () => {
    const request = anAccountRequest();
    await harness.client.createStoreAccount(request);

    const error = await rejectionOf(
      harness.client.createStoreAccount({ ...request, subdomain: 'second-store', email: request.email.toUpperCase() }),
    );

    expect(error.code).toBe(status.ALREADY_EXISTS);
    expect(error.message).toBe('This user already has a store');
  });

  it('refuses the e-mail of another account given the wrong password, as taken', async () => {
    const request = anAccountRequest();
    await harness.client.createStoreAccount(request);

    const error = await rejectionOf(harness.client.createStoreAccount({ ...request, subdomain: 'impostor', password: 'not the password' }));

    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ email: ['has already been taken'] });
  });

  it('refuses bad account input field by field and stores nothing', async () => {
    const request = anAccountRequest({ email: 'no-at-sign', password: 'short', login: 'X' });

    const error = await rejectionOf(harness.client.createStoreAccount(request));

    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({
      email: ['is not a valid e-mail address'],
      password: ['is too short (minimum is 8 characters)'],
      login: ['must be 3 to 40 lowercase letters, digits, _ . or -'],
    });
    expect(await storedUserByEmail('no-at-sign')).toEqual([]);
  });

  it("passes the storefront's refusal on and leaves no user behind, so the e-mail can sign up afresh", async () => {
    await harness.stores.createStore(
      storefront.CreateStoreRequest.fromPartial({ name: 'First', subdomain: 'popular', owner_user_id: 999 }),
    );
    const refused = anAccountRequest({ subdomain: 'popular' });

    const error = await rejectionOf(harness.client.createStoreAccount(refused));

    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ subdomain: ['has already been taken'] });
    expect(await storedUserByEmail(refused.email)).toEqual([]);

    // Another password works: nothing of the refused attempt survives to claim the e-mail.
    const account = await harness.client.createStoreAccount({ ...refused, subdomain: 'less-popular', password: 'a fresh password' });
    expect((await harness.stores.getStore({ store_id: account.store_id })).store).toMatchObject({
      subdomain: 'less-popular',
      owner_user_id: account.user!.id,
    });
    expect(await storedUserByEmail(refused.email)).toHaveLength(1);
  });
});

describe('CreateStoreAccount while the storefront is down', () => {
  afterEach(async () => {
    if (!harness.siblings.storefront.running) await harness.siblings.storefront.start();
  });

  it('fails UNAVAILABLE, keeps the user for its owner, and a retry after it is back makes one store', async () => {
    const request = anAccountRequest();
    await harness.siblings.storefront.stop();

    const error = await rejectionOf(harness.client.createStoreAccount(request));

    expect(error.code).toBe(status.UNAVAILABLE);
    const [pending, ...others] = await storedUserByEmail(request.email);
    expect(others).toEqual([]);
    expect(pending.store_id).toBe(0);

    await harness.siblings.storefront.start();
    const impostor = await rejectionOf(harness.client.createStoreAccount({ ...request, password: 'not the password' }));
    expect(impostor.fieldViolations).toEqual({ email: ['has already been taken'] });

    const account = await harness.client.createStoreAccount(request);
    expect(account.user).toMatchObject({ id: pending.id, store_id: account.store_id });
    expect((await harness.stores.getStore({ store_id: account.store_id })).store).toMatchObject({
      subdomain: request.subdomain,
      owner_user_id: pending.id,
    });
    expect((await harness.client.authenticateApiKey({ api_key: account.api_key })).store_id).toBe(account.store_id);
    expect(await storedUserByEmail(request.email)).toMatchObject([{ id: pending.id, store_id: account.store_id }]);
  });

  it('finishes the store an earlier attempt created when only its answer was lost', async () => {
    const request = anAccountRequest();
    await harness.siblings.storefront.stop();
    await rejectionOf(harness.client.createStoreAccount(request));
    const [pending] = await storedUserByEmail(request.email);
    await harness.siblings.storefront.start();
    // What the storefront did for a first attempt whose answer never reached identity.
    const { store: created } = await harness.stores.createStore(
      storefront.CreateStoreRequest.fromPartial({
        name: request.name,
        subdomain: request.subdomain,
        owner_user_id: pending.id,
        request_key: pending.store_request_key,
      }),
    );

    const account = await harness.client.createStoreAccount(request);

    expect(account.store_id).toBe(created!.id);
    expect(account.user).toMatchObject({ id: pending.id, store_id: created!.id });
  });
});

describe('GetUser', () => {
  it('answers NOT_FOUND for a user that does not exist', async () => {
    const error = await rejectionOf(harness.client.getUser({ user_id: 999_999 }));

    expect(error.code).toBe(status.NOT_FOUND);
  });
});
