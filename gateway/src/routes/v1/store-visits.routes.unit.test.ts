// GET /v1/store/visits and /v1/store/marketplace_visits (docs/visits.md#definitions) through the whole app, on a VisitService written for
// the test.
import jwt from 'jsonwebtoken';
import { storefront } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { aGatewayApp, send, TEST_TOKENS } from '../../app.fixture';
import type { ApiKeyIdentityClient } from '../../auth/authenticator';
import type { BackendClients } from '../../clients';
import { startTestServer, type TestServer } from '../../http/test-server';

const calls: storefront.GetStoreVisitsRequest[] = [];

/** Marketplace statistics differ from the others, so a test sees which ones the gateway asked for. */
const visitsBackend = {
  getStoreVisits: async (request: storefront.GetStoreVisitsRequest) => {
    calls.push(request);
    const visits = request.marketplace_only ? 1 : 5;
    return storefront.GetStoreVisitsResponse.fromPartial({
      weekly_visits: [
        { week: '11/15/26', visits: 0, visitors: 0 },
        { week: '11/22/26', visits, visitors: 1 },
      ],
      daily_visits: [
        { day: 'Monday', visits: 0, visitors: 0 },
        { day: 'Tuesday', visits, visitors: 1 },
      ],
    });
  },
};
const clients = { visits: visitsBackend } as unknown as BackendClients;

const identity: ApiKeyIdentityClient = {
  authenticateApiKey: async ({ api_key }) => {
    if (api_key === 'sk_live_7') return { store_id: 7, key_id: 'key-7' };
    throw new RemoteError({ code: GrpcStatus.UNAUTHENTICATED, message: 'unknown key' });
  },
  checkGrant: async ({ grant_id }) => ({
    active: true,
    user_id: 42,
    store_id: 7,
    client_id: 'app-1',
    scope: grant_id === 'user-only' ? 'user' : 'store_read',
  }),
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(aGatewayApp(clients, identity));
});
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
});

const KEY = { 'API-KEY': 'sk_live_7' };

describe('GET /v1/store/visits', () => {
  it("asks for the key's store's visits and renders the wrappers of docs/visits.md#definitions in the envelope", async () => {
    const answer = await send(server.url, { method: 'GET', path: '/v1/store/visits.json', headers: KEY });
    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ store_id: 7, marketplace_only: false }]);
    expect(answer.body).toEqual({
      data: {
        weekly_visits: [
          { weekly_visit: { week: '11/15/26', visits: 0, visitors: 0 } },
          { weekly_visit: { week: '11/22/26', visits: 5, visitors: 1 } },
        ],
        daily_visits: [
          { daily_visit: { day: 'Monday', visits: 0, visitors: 0 } },
          { daily_visit: { day: 'Tuesday', visits: 5, visitors: 1 } },
        ],
      },
      meta: { code: 200, api_version: '1.0' },
    });
  });

  it('asks for the marketplace visits at /v1/store/marketplace_visits', async () => {
    const answer = await send(server.url, { method: 'GET', path: '/v1/store/marketplace_visits', headers: KEY });
    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ store_id: 7, marketplace_only: true }]);
    expect((answer.body.data as { daily_visits: unknown[] }).daily_visits[1]).toEqual({
      daily_visit: { day: 'Tuesday', visits: 1, visitors: 1 },
    });
  });

  it('needs store_read', async () => {
    const bearer = (grantId: string) => ({
      Authorization:
        'Bearer ' +
        jwt.sign(
          { sub: '42', store_id: 7, client_id: 'app-1', grant_id: grantId, scope: grantId === 'user-only' ? 'user' : 'store_read' },
          TEST_TOKENS.secret,
          { issuer: TEST_TOKENS.issuer, audience: TEST_TOKENS.audience, expiresIn: '1h' },
        ),
    });
    const refused = await send(server.url, { method: 'GET', path: '/v1/store/visits', headers: bearer('user-only') });
    expect(refused.status).toBe(403);
    expect(refused.body.meta).toMatchObject({ code: 403, error_type: 'InsufficientScope' });
    expect(calls).toEqual([]);
    expect((await send(server.url, { method: 'GET', path: '/v1/store/marketplace_visits', headers: bearer('read') })).status).toBe(200);
  });
});
