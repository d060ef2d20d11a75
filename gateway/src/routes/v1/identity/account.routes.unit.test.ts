// The account routes (docs/oauth.md#the-account-api) through the whole app, on an identity backend written for the test.
import jwt from 'jsonwebtoken';
import { identity } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { aGatewayApp, send, storeSevenIdentity, TEST_TOKENS, type Received } from '../../../app.fixture';
import type { ApiKeyIdentityClient } from '../../../auth/authenticator';
import type { BackendClients } from '../../../clients';
import { startTestServer, type TestServer } from '../../../http/test-server';

const CREATED = new Date('2026-03-01T15:00:00Z');
const APP = identity.App.fromPartial({
  client_id: 'sca_1',
  name: 'Label Printer',
  redirect_uri: 'https://labels.example/cb',
  owner_user_id: 42,
  created_at: CREATED,
});
const RENDERED_APP = {
  client_id: 'sca_1',
  name: 'Label Printer',
  redirect_uri: 'https://labels.example/cb',
  created_at: '2026-03-01T15:00:00+00:00',
};
const AUTHORIZED = identity.AuthorizedApp.fromPartial({
  client_id: 'sca_9',
  name: 'Stock Sync',
  scopes: ['user', 'store_read', 'store_write'],
  authorized_at: CREATED,
});
const RENDERED_AUTHORIZED = {
  client_id: 'sca_9',
  name: 'Stock Sync',
  scopes: ['user', 'store_read', 'store_write'],
  authorized_at: '2026-03-01T15:00:00+00:00',
};

/** Every identity call the gateway made, with its request. */
const calls: Array<{ method: string; request: unknown }> = [];
let failure: RemoteError | undefined;

function answering<Req, Res>(method: string, answer: (request: Req) => Res) {
  return async (request: Req) => {
    calls.push({ method, request });
    if (failure) throw failure;
    return answer(request);
  };
}

const identityBackend = {
  rotateApiKey: answering('rotateApiKey', () => ({ api_key: 'sck_new', key_id: 'key-8' })),
  listApps: answering('listApps', () => ({ apps: [APP] })),
  createApp: answering('createApp', (request: identity.CreateAppRequest) => ({
    app: { ...APP, name: request.name, redirect_uri: request.redirect_uri },
    client_secret: 'scs_secret',
  })),
  deleteApp: answering('deleteApp', () => ({ app: APP })),
  listAuthorizedApps: answering('listAuthorizedApps', () => ({ apps: [AUTHORIZED] })),
  revokeAppAuthorization: answering('revokeAppAuthorization', () => ({ app: AUTHORIZED, revoked_grants: 2 })),
};
const clients = { identity: identityBackend } as unknown as BackendClients;

/** Grants by id: `owner` holds account (the dashboard), `app` the store scopes only, `storeless` account but no store. */
const GRANTS: Record<string, { store_id: number; scope: string }> = {
  owner: { store_id: 7, scope: 'user store_read store_write account' },
  app: { store_id: 7, scope: 'user store_read store_write' },
  storeless: { store_id: 0, scope: 'user store_read store_write account' },
};
const credentials: ApiKeyIdentityClient = {
  authenticateApiKey: storeSevenIdentity.authenticateApiKey,
  checkGrant: async ({ grant_id }) => ({ active: true, user_id: 42, client_id: 'app-1', ...GRANTS[grant_id]! }),
};

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(aGatewayApp(clients, credentials));
});
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
  failure = undefined;
});

const bearer = (grantId: string) =>
  'Bearer ' +
  jwt.sign({ sub: '42', store_id: 7, client_id: 'app-1', grant_id: grantId, scope: GRANTS[grantId]!.scope }, TEST_TOKENS.secret, {
    issuer: TEST_TOKENS.issuer,
    audience: TEST_TOKENS.audience,
    expiresIn: '1h',
  });

function request(method: string, path: string, grantId = 'owner', body?: Record<string, unknown>): Promise<Received> {
  const headers: Record<string, string> = { Authorization: bearer(grantId) };
  if (body) headers['Content-Type'] = 'application/json';
  return send(server.url, { method, path, headers, body: body && JSON.stringify(body) });
}

// Every row has its body (or null): jest hands a test function taking more arguments than its row a `done` callback.
const ROUTES: Array<[string, string, Record<string, unknown> | null]> = [
  ['POST', '/v1/store/api_key', null],
  ['GET', '/v1/apps', null],
  ['POST', '/v1/apps', { name: 'X', redirect_uri: 'https://x.example/cb' }],
  ['DELETE', '/v1/apps/sca_1', null],
  ['GET', '/v1/authorized_apps', null],
  ['DELETE', '/v1/authorized_apps/sca_9', null],
];

describe('who may call the account routes', () => {
  it.each(ROUTES)(
    "refuses %s %s to an app's token without the account scope (403 InsufficientScope), calling nothing",
    async (method, path, body) => {
      const answer = await request(method, path, 'app', body ?? undefined);

      expect(answer.status).toBe(403);
      expect(answer.body.meta).toMatchObject({ code: 403, error_type: 'InsufficientScope' });
      expect(answer.body.error).toContain('account');
      expect(calls).toEqual([]);
    },
  );

  it.each(ROUTES)(
    "refuses %s %s to the store's API key (403 OAuthRequired): a key cannot replace itself or manage apps",
    async (method, path, body) => {
      const answer = await send(server.url, {
        method,
        path,
        headers: { 'API-KEY': 'sk_live_7', ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });

      expect(answer.status).toBe(403);
      expect(answer.body.meta).toMatchObject({ code: 403, error_type: 'OAuthRequired' });
      expect(calls).toEqual([]);
    },
  );
});

describe('POST /v1/store/api_key', () => {
  it("answers the store's new key, this once", async () => {
    const answer = await request('POST', '/v1/store/api_key.json');

    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'rotateApiKey', request: { store_id: 7 } }]);
    expect(answer.body).toEqual({ data: { api_key: 'sck_new' }, meta: { code: 200, api_version: '1.0' } });
    expect(answer.headers['cache-control']).toContain('no-store');
  });

  it('answers 405 to a user without a store', async () => {
    const answer = await request('POST', '/v1/store/api_key', 'storeless');

    expect(answer.status).toBe(405);
    expect(calls).toEqual([]);
  });
});

describe('developer apps', () => {
  it("lists the user's apps without secrets", async () => {
    const answer = await request('GET', '/v1/apps');

    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'listApps', request: { owner_user_id: 42 } }]);
    expect(answer.body.data).toEqual({ apps: [RENDERED_APP] });
  });

  it('creates an app for the calling user and answers its secret once', async () => {
    const answer = await request('POST', '/v1/apps', 'owner', { name: 'Stock Sync', redirect_uri: 'https://sync.example/cb' });

    expect(answer.status).toBe(200);
    expect(calls).toEqual([
      {
        method: 'createApp',
        request: { name: 'Stock Sync', redirect_uri: 'https://sync.example/cb', owner_email: '', owner_user_id: 42 },
      },
    ]);
    expect(answer.body.data).toEqual({
      ...RENDERED_APP,
      name: 'Stock Sync',
      redirect_uri: 'https://sync.example/cb',
      client_secret: 'scs_secret',
    });
  });

  it("answers 422 per field for missing fields, and passes identity's rules on as they come", async () => {
    const missing = await request('POST', '/v1/apps', 'owner', {});
    expect(missing.status).toBe(422);
    expect(missing.body.meta?.errors).toEqual({ name: ['is required'], redirect_uri: ['is required'] });
    expect(calls).toEqual([]);

    failure = new RemoteError({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Validation failed',
      fieldViolations: { redirect_uri: ['must use https (http is allowed for localhost only)'] },
    });
    const refused = await request('POST', '/v1/apps', 'owner', { name: 'X', redirect_uri: 'http://x.example/cb' });
    expect(refused.status).toBe(422);
    expect(refused.body.meta?.errors).toEqual({ redirect_uri: ['must use https (http is allowed for localhost only)'] });
  });

  it("deletes one of the user's apps by client id, and answers 404 for an app that is not theirs", async () => {
    const answer = await request('DELETE', '/v1/apps/sca_1');
    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'deleteApp', request: { owner_user_id: 42, client_id: 'sca_1' } }]);
    expect(answer.body.data).toEqual(RENDERED_APP);

    failure = new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'App not found' });
    const missing = await request('DELETE', '/v1/apps/sca_other');
    expect([missing.status, missing.body.error]).toEqual([404, 'App not found']);
  });

  it('answers 404 without asking identity for a client id longer than any app has', async () => {
    const answer = await request('DELETE', `/v1/apps/sca_${'x'.repeat(200)}`);

    expect(answer.status).toBe(404);
    expect(calls).toEqual([]);
  });
});

describe('authorized apps', () => {
  it('lists the apps the user authorized, with their scopes', async () => {
    const answer = await request('GET', '/v1/authorized_apps.json');

    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'listAuthorizedApps', request: { user_id: 42 } }]);
    expect(answer.body.data).toEqual({ authorized_apps: [RENDERED_AUTHORIZED] });
  });

  it('revokes one and answers it as it was authorized; one not authorized is a 404', async () => {
    const answer = await request('DELETE', '/v1/authorized_apps/sca_9');
    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'revokeAppAuthorization', request: { user_id: 42, client_id: 'sca_9' } }]);
    expect(answer.body.data).toEqual(RENDERED_AUTHORIZED);

    failure = new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'Authorized app not found' });
    const missing = await request('DELETE', '/v1/authorized_apps/store-dashboard');
    expect([missing.status, missing.body.error]).toEqual([404, 'Authorized app not found']);
  });
});
