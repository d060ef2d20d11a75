import { status } from '@grpc/grpc-js';
import jwt from 'jsonwebtoken';
import { rejectionOf } from '@commerce/testing';
import { anAccountRequest, startIdentityHarness, type IdentityHarness } from './identity.fixture';
import { anApp, PASSWORD, REDIRECT_URI, type RegisteredApp } from './oauth.fixture';
import { PageClient } from './page-client.harness';

let harness: IdentityHarness;
let app: RegisteredApp;

beforeAll(async () => {
  harness = await startIdentityHarness();
  app = await anApp(harness);
});

afterAll(() => harness?.stop());

describe('CreateApp', () => {
  it("answers the client id and a secret shown once, and keeps only the secret's hash", async () => {
    const owner = await harness.client.createStoreAccount(anAccountRequest());

    const created = await harness.client.createApp({
      name: 'Label Printer',
      redirect_uri: 'https://labels.example/cb',
      owner_email: owner.user!.email.toUpperCase(),
      owner_user_id: 0,
    });

    expect(created.app).toEqual({
      client_id: expect.stringMatching(/^sca_/),
      name: 'Label Printer',
      redirect_uri: 'https://labels.example/cb',
      owner_user_id: owner.user!.id,
      created_at: expect.any(Date),
    });
    expect(created.client_secret).toMatch(/^scs_[A-Za-z0-9_-]{43}$/);
    expect(await harness.datafileText('apps')).not.toContain(created.client_secret);
  });

  it.each([
    ['a redirect URI over plain http to another machine', { redirect_uri: 'http://labels.example/cb' }, 'redirect_uri'],
    ['a redirect URI with a fragment', { redirect_uri: 'https://labels.example/cb#x' }, 'redirect_uri'],
    ['a relative redirect URI', { redirect_uri: '/cb' }, 'redirect_uri'],
    ['a blank name', { name: ' ' }, 'name'],
    ['an owner without an account', { owner_email: 'nobody@example.com' }, 'owner_email'],
  ])('refuses %s', async (_case, overrides, field) => {
    const error = await rejectionOf(
      harness.client.createApp({
        name: 'App',
        redirect_uri: REDIRECT_URI,
        owner_email: 'owner1@example.com',
        owner_user_id: 0,
        ...overrides,
      }),
    );

    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(Object.keys(error.fieldViolations ?? {})).toEqual([field]);
  });
});

describe('CreateUserStore', () => {
  it('opens the store of a user who has none, once', async () => {
    const browser = new PageClient(harness.httpUrl);
    await browser.signUp('storeless@example.com', PASSWORD);
    const [user] = (await harness.storedUsers()).filter((stored) => stored.email === 'storeless@example.com');

    const created = await harness.client.createUserStore({
      user_id: user.id,
      name: 'Late Shop',
      subdomain: 'late-shop',
      paypal_email: '',
      time_zone: '',
    });

    expect(created.user).toMatchObject({ id: user.id, store_id: created.store_id });
    expect((await harness.stores.getStore({ store_id: created.store_id })).store).toMatchObject({
      name: 'Late Shop',
      owner_user_id: user.id,
      support_email: 'storeless@example.com',
    });
    const second = await rejectionOf(
      harness.client.createUserStore({ user_id: user.id, name: 'Again', subdomain: 'again-shop', paypal_email: '', time_zone: '' }),
    );
    expect([second.code, second.message]).toEqual([status.ALREADY_EXISTS, 'This user already has a store']);
  });
});

describe('CreateApplicationStore', () => {
  const request = (overrides: Record<string, string> = {}) => ({
    client_id: app.clientId,
    client_secret: app.clientSecret,
    name: 'App Made',
    subdomain: `app-made-${Math.floor(Math.random() * 1e6)}`,
    owner_login: '',
    owner_email: `made${Math.floor(Math.random() * 1e6)}@example.com`,
    owner_password: PASSWORD,
    ...overrides,
  });

  it('creates the user and store and answers tokens with every scope for them', async () => {
    const answer = await harness.client.createApplicationStore(request({ owner_login: 'made.by.app' }));

    expect(answer.user).toMatchObject({ login: 'made.by.app', store_id: answer.store_id });
    expect(answer.token).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'user store_read store_write',
      refresh_token: expect.stringMatching(/^scr_/),
    });
    const claims = jwt.verify(answer.token!.access_token, harness.jwtSecret) as jwt.JwtPayload;
    expect(await harness.client.checkGrant({ grant_id: claims.grant_id })).toMatchObject({
      active: true,
      store_id: answer.store_id,
      client_id: app.clientId,
    });
  });

  it('refuses a wrong secret as UNAUTHENTICATED and creates nothing', async () => {
    const refused = request({ client_secret: 'scs_wrong' });

    const error = await rejectionOf(harness.client.createApplicationStore(refused));

    expect(error.code).toBe(status.UNAUTHENTICATED);
    expect((await harness.storedUsers()).some((user) => user.email === refused.owner_email)).toBe(false);
  });

  it('names bad owner fields as owner.<field>', async () => {
    const error = await rejectionOf(harness.client.createApplicationStore(request({ owner_email: 'nope', owner_password: 'short' })));

    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ 'owner.email': [expect.any(String)], 'owner.password': [expect.any(String)] });
  });
});

describe('CheckGrant', () => {
  it.each(['', '0', 'abc', '999999'])('answers inactive for the grant id "%s"', async (grantId) => {
    expect(await harness.client.checkGrant({ grant_id: grantId })).toEqual({
      active: false,
      user_id: 0,
      store_id: 0,
      client_id: '',
      scope: '',
    });
  });
});
