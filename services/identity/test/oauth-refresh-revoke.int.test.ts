import jwt from 'jsonwebtoken';
import { startIdentityHarness, type IdentityHarness } from './identity.fixture';
import { aCode, anApp, aSignedInOwner, exchange, postToken, type RegisteredApp } from './oauth.fixture';

let harness: IdentityHarness;
let app: RegisteredApp;

beforeAll(async () => {
  harness = await startIdentityHarness();
  app = await anApp(harness);
});

afterAll(() => harness?.stop());

const grantOf = (accessToken: string) => (jwt.decode(accessToken) as jwt.JwtPayload).grant_id as string;
const refresh = (refreshToken: string, extra: Record<string, string> = {}) =>
  postToken(harness.httpUrl, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: app.clientId,
    client_secret: app.clientSecret,
    ...extra,
  });

async function freshTokens(scope = 'store_write') {
  const owner = await aSignedInOwner(harness);
  const answer = await exchange(harness.httpUrl, app, await aCode(owner.browser, app, { scope }));
  return { ...owner, tokens: answer.body as { access_token: string; refresh_token: string; scope: string } };
}

describe('grant_type=refresh_token', () => {
  it('rotates: each refresh answers a new access and refresh token of the same grant', async () => {
    const { tokens } = await freshTokens();

    const next = await refresh(tokens.refresh_token);

    expect(next.status).toBe(200);
    expect(next.headers.get('cache-control')).toBe('no-store');
    expect(next.body.refresh_token).toMatch(/^scr_/);
    expect(next.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(grantOf(next.body.access_token)).toBe(grantOf(tokens.access_token));
    expect((await refresh(next.body.refresh_token)).status).toBe(200);
  });

  it('revokes the whole grant when an old refresh token comes back', async () => {
    const { tokens } = await freshTokens();
    const next = await refresh(tokens.refresh_token);

    const replay = await refresh(tokens.refresh_token);

    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ error: 'invalid_grant', error_description: expect.stringContaining('already used') });
    expect((await refresh(next.body.refresh_token)).body.error).toBe('invalid_grant');
    expect((await harness.client.checkGrant({ grant_id: grantOf(tokens.access_token) })).active).toBe(false);
  });

  it("publishes grant/revoked on the store's subject, without any token in it", async () => {
    const { tokens, storeId, userId } = await freshTokens();
    await refresh(tokens.refresh_token);
    await refresh(tokens.refresh_token);

    const grantId = grantOf(tokens.access_token);
    const [event] = await harness.waitForEvents(
      'identity',
      1,
      { where: (e) => e.topic === 'grant/revoked' && e.resource.grant_id === grantId },
      { message: `grant ${grantId} revoked` },
    );
    expect(event).toMatchObject({
      store_id: storeId,
      resource: { grant_id: grantId, client_id: app.clientId, user_id: userId, store_id: storeId },
    });
    expect(JSON.stringify(event)).not.toMatch(/scr_|eyJ/);
  });

  it('narrows the scope when asked, and refuses to widen it', async () => {
    const narrow = (await freshTokens('')).tokens;
    const wide = (await freshTokens('store_write')).tokens;

    const narrowed = await refresh(wide.refresh_token, { scope: 'store_read' });
    const widened = await refresh(narrow.refresh_token, { scope: 'store_write' });

    expect(narrowed.body.scope).toBe('user store_read');
    expect(widened.body.error).toBe('invalid_scope');
  });

  it('leaves the refresh token usable and the grant intact when it refuses the request (wider scope, wrong secret)', async () => {
    const { tokens } = await freshTokens('');

    const widened = await refresh(tokens.refresh_token, { scope: 'store_write' });
    const unknown = await refresh(tokens.refresh_token, { scope: 'admin' });
    const wrongSecret = await refresh(tokens.refresh_token, { client_secret: 'scs_wrong' });

    expect([widened.status, widened.body.error]).toEqual([400, 'invalid_scope']);
    expect([unknown.status, unknown.body.error]).toEqual([400, 'invalid_scope']);
    expect([wrongSecret.status, wrongSecret.body.error]).toEqual([401, 'invalid_client']);
    expect((await harness.client.checkGrant({ grant_id: grantOf(tokens.access_token) })).active).toBe(true);
    const next = await refresh(tokens.refresh_token);
    expect([next.status, next.body.scope]).toEqual([200, 'user store_read']);
  });

  it('refuses a refresh token of another client', async () => {
    const other = await anApp(harness);
    const { tokens } = await freshTokens();

    const answer = await postToken(harness.httpUrl, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: other.clientId,
      client_secret: other.clientSecret,
    });

    expect(answer.body.error).toBe('invalid_grant');
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });
});

describe('POST /oauth/revoke (RFC 7009)', () => {
  const revoke = (token: string, client: RegisteredApp = app) =>
    postToken(harness.httpUrl, { token }, { basic: [client.clientId, client.clientSecret], path: '/oauth/revoke' });

  it('revokes the grant of a refresh token: its refresh and access tokens stop working', async () => {
    const { tokens } = await freshTokens();

    const answer = await revoke(tokens.refresh_token);

    expect(answer.status).toBe(200);
    expect((await refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');
    expect((await harness.client.checkGrant({ grant_id: grantOf(tokens.access_token) })).active).toBe(false);
  });

  it('revokes the grant of an access token', async () => {
    const { tokens } = await freshTokens();

    expect((await revoke(tokens.access_token)).status).toBe(200);

    expect((await harness.client.checkGrant({ grant_id: grantOf(tokens.access_token) })).active).toBe(false);
  });

  it("answers 200 and changes nothing for an unknown token or another client's token", async () => {
    const other = await anApp(harness);
    const { tokens } = await freshTokens();

    expect((await revoke('scr_not-a-token')).status).toBe(200);
    expect((await revoke(tokens.refresh_token, other)).status).toBe(200);

    expect((await harness.client.checkGrant({ grant_id: grantOf(tokens.access_token) })).active).toBe(true);
  });

  it("needs the client's credentials", async () => {
    const { tokens } = await freshTokens();

    const answer = await revoke(tokens.refresh_token, { ...app, clientSecret: 'scs_wrong' });

    expect([answer.status, answer.body.error]).toEqual([401, 'invalid_client']);
  });
});
