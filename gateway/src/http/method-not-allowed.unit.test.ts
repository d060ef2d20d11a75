// A known /v1 path called with a method it does not take answers 405 with `Allow`, at every spelling of the path.
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { aGatewayApp } from '../app.fixture';
import type { ApiKeyIdentityClient } from '../auth/authenticator';
import type { BackendClients } from '../clients';
import { routesOf } from '../openapi/routes-of';
import { startTestServer, type TestServer } from './test-server';

/** No call may reach a backend: a 405 is decided by the gateway alone. */
const reached: string[] = [];
const clients = new Proxy(
  {},
  {
    get: (_target, service) =>
      new Proxy(
        {},
        {
          get: (_client, method) => async () => {
            reached.push(`${String(service)}.${String(method)}`);
            throw new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'stub backend' });
          },
        },
      ),
  },
) as unknown as BackendClients;

const identity: ApiKeyIdentityClient = {
  authenticateApiKey: async ({ api_key }) => {
    if (api_key === 'sk_live_7') return { store_id: 7, key_id: 'key-7' };
    throw new RemoteError({ code: GrpcStatus.UNAUTHENTICATED, message: 'unknown key' });
  },
  checkGrant: async () => ({ active: false, user_id: 0, store_id: 0, client_id: '', scope: '' }),
};

const app = aGatewayApp(clients, identity);
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const KEY = { 'API-KEY': 'sk_live_7' };

/** Each /v1 path the app routes (`/v1/products/{id}` as `/v1/products/12`) with the methods it takes. */
function routedPaths(): Map<string, Set<string>> {
  const paths = new Map<string, Set<string>>();
  for (const route of routesOf(app)) {
    if (!route.path.startsWith('/v1/') || route.path.includes('{*')) continue;
    const path = route.path.replace(/\{\w+\}/g, '12');
    const methods = paths.get(path) ?? new Set<string>();
    methods.add(route.method.toUpperCase());
    if (route.method === 'get') methods.add('HEAD');
    paths.set(path, methods);
  }
  return paths;
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(app);
});
afterAll(() => server.close());

async function call(method: string, path: string, headers: Record<string, string> = KEY) {
  const res = await fetch(`${server.url}${path}`, { method, headers });
  const text = await res.text();
  return {
    status: res.status,
    allow: res.headers.get('allow'),
    contentType: res.headers.get('content-type'),
    body: text ? (JSON.parse(text) as { error: string; meta: Record<string, unknown> }) : undefined,
  };
}

describe('a known path with a method it does not take', () => {
  const paths = routedPaths();

  it('is every /v1 path the app routes', () => {
    expect(paths.size).toBeGreaterThan(30);
    expect(paths.get('/v1/store')).toEqual(new Set(['GET', 'HEAD', 'PUT']));
  });

  it.each([...paths].map(([path, methods]) => [path, [...methods]] as const))(
    '%s answers 405 with Allow for every other method, at every spelling',
    async (path, taken) => {
      const allow = METHODS.filter((method) => taken.includes(method)).join(', ');
      for (const method of METHODS.filter((method) => !taken.includes(method))) {
        for (const spelling of [path, `${path}.json`, `${path}/`, `${path}.json/`]) {
          reached.length = 0;
          const answer = await call(method, spelling);
          expect({ method, spelling, status: answer.status, allow: answer.allow, contentType: answer.contentType }).toEqual({
            method,
            spelling,
            status: 405,
            allow,
            contentType: 'application/json; charset=utf-8',
          });
          // A HEAD answer has no body.
          if (method !== 'HEAD')
            expect(answer.body).toEqual({
              error: `${method} is not a method of this path; it takes ${allow}`,
              meta: {
                code: 405,
                api_version: '1.0',
                error_type: 'MethodNotAllowed',
                error_message: `${method} is not a method of this path; it takes ${allow}`,
                request_id: expect.any(String),
              },
            });
          expect(reached).toEqual([]);
        }
      }
    },
  );

  it("is the issue's DELETE /v1/store, answered only to a caller with a credential (401 otherwise, as every /v1 call)", async () => {
    expect(await call('DELETE', '/v1/store')).toMatchObject({ status: 405, allow: 'GET, HEAD, PUT' });
    expect(await call('DELETE', '/v1/store', {})).toMatchObject({ status: 401, allow: null });
  });

  it('leaves an unknown path a 404, whatever the method', async () => {
    for (const [method, path] of [
      ['GET', '/v1/nothing_here'],
      ['DELETE', '/v1/products/12/nothing'],
      ['OPTIONS', '/v1/nothing_here'],
      ['POST', '/v1/stores/12'],
    ]) {
      const answer = await call(method, path);
      expect({ method, path, status: answer.status, allow: answer.allow, error: answer.body?.error }).toEqual({
        method,
        path,
        status: 404,
        allow: null,
        error: 'Not found',
      });
    }
  });
});
