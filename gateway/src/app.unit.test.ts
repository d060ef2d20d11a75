import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import type { ApiKeyIdentityClient } from './auth/authenticator';
import { aGatewayApp } from './app.fixture';
import type { BackendClients } from './clients';
import { startTestServer, type TestServer } from './http/test-server';

/** Which backend call each request reached; every call answers UNAVAILABLE (503), which is enough to see the routing. */
const reached: string[] = [];
const recordingClient = (name: string) =>
  new Proxy(
    {},
    {
      get: (_target, method) => async () => {
        reached.push(`${name}.${String(method)}`);
        throw new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'stub backend' });
      },
    },
  );
const clients = {
  identity: recordingClient('identity'),
  stores: recordingClient('stores'),
  catalog: recordingClient('catalog'),
  shipping: recordingClient('shipping'),
} as unknown as BackendClients;

const identity: ApiKeyIdentityClient = {
  authenticateApiKey: async ({ api_key }) => {
    if (api_key === 'sk_live_7') return { store_id: 7, key_id: 'key-7' };
    throw new RemoteError({ code: GrpcStatus.UNAUTHENTICATED, message: 'unknown key' });
  },
  checkGrant: async () => ({ active: false, user_id: 0, store_id: 0, client_id: '', scope: '' }),
};

let server: TestServer;

beforeAll(async () => {
  const app = aGatewayApp(clients, identity);
  server = await startTestServer(app);
});
afterAll(() => server.close());

async function call(method: string, path: string, headers: Record<string, string> = { 'API-KEY': 'sk_live_7' }) {
  reached.length = 0;
  const res = await fetch(`${server.url}${path}`, { method, headers });
  const text = await res.text();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    body: text ? (JSON.parse(text) as { error?: string; meta?: Record<string, unknown> }) : undefined,
    reached: [...reached],
  };
}

describe('the gateway app: the routes of every context on the /v1 router', () => {
  it.each([
    ['GET', '/v1/store.json', 'stores.getStore'],
    ['PUT', '/v1/store/', 'stores.updateStore'],
    ['GET', '/v1/products', 'catalog.listProducts'],
    ['GET', '/v1/products/12.json', 'catalog.getProduct'],
    ['GET', '/v1/products/12/variants/5/', 'catalog.getVariant'],
    ['DELETE', '/v1/collections/3', 'catalog.deleteCollection'],
    ['GET', '/v1/shipping_groups.json', 'shipping.listShippingGroups'],
    ['PUT', '/v1/shipping_classes/4', 'shipping.updateShippingClass'],
  ])('routes %s %s to %s', async (method, path, backendCall) => {
    const answer = await call(method, path);
    expect(answer.reached).toEqual([backendCall]);
    expect(answer.status).toBe(503);
  });

  it('answers the identity routes (GET /v1/me needs an OAuth token, not a key)', async () => {
    const answer = await call('GET', '/v1/me.json');
    expect(answer.status).toBe(403);
    expect(answer.body?.meta?.error_type).toBe('OAuthRequired');
  });

  it('authenticates before any route: no credential, no backend call', async () => {
    const answer = await call('GET', '/v1/store', {});
    expect(answer.status).toBe(401);
    expect(answer.reached).toEqual([]);
  });

  it('answers an unknown call with the JSON 404, and a known path with another method (OPTIONS too) with a 405', async () => {
    for (const [method, path, status] of [
      ['GET', '/v1/nothing_here', 404],
      ['OPTIONS', '/v1/nothing_here', 404],
      ['POST', '/v1/store', 405],
      ['OPTIONS', '/v1/store', 405],
      ['OPTIONS', '/v1/products/12', 405],
    ] as const) {
      const answer = await call(method, path);
      expect({ method, path, status: answer.status, contentType: answer.contentType, errorType: answer.body?.meta?.error_type }).toEqual({
        method,
        path,
        status,
        contentType: 'application/json; charset=utf-8',
        errorType: status === 404 ? 'NotFound' : 'MethodNotAllowed',
      });
      expect(answer.reached).toEqual([]);
    }
  });

  it('serves /healthz outside /v1, without a credential', async () => {
    const answer = await call('GET', '/healthz', {});
    expect(answer.status).toBe(200);
  });
});
