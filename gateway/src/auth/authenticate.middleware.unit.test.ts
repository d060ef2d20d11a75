import express, { Router } from 'express';
import jwt from 'jsonwebtoken';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { errorMiddleware, notFoundHandler } from '../errors';
import { ok } from '../http/envelope';
import { requestParams } from '../http/input';
import { pipeline } from '../fast-path/pipeline';
import { startTestServer, type TestServer } from '../http/test-server';
import { route } from '../routes/route';
import { ApiKeyCache } from './api-key.cache';
import { authenticate } from './authenticate.middleware';
import { Authenticator, type ApiKeyIdentityClient } from './authenticator';
import type { TokenSettings } from './oauth-token.verifier';

const tokens: TokenSettings = { secret: 's'.repeat(32), issuer: 'store-commerce', audience: 'store-commerce-api' };
const identity: ApiKeyIdentityClient = {
  authenticateApiKey: async ({ api_key }) => {
    if (api_key === 'sk_live_7') return { store_id: 7, key_id: 'key-7' };
    if (api_key === 'sk_identity_down') throw new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'connect ECONNREFUSED' });
    throw new RemoteError({ code: GrpcStatus.UNAUTHENTICATED, message: 'unknown key' });
  },
  // Grants as identity would describe them: user 42's, with or without a store, and a revoked one.
  checkGrant: async ({ grant_id }) => {
    const all = 'user store_read store_write';
    if (grant_id === 'grant-9') return { active: true, user_id: 42, store_id: 7, client_id: 'app-1', scope: all };
    if (grant_id === 'grant-storeless') return { active: true, user_id: 42, store_id: 0, client_id: 'app-1', scope: all };
    return { active: false, user_id: 0, store_id: 0, client_id: '', scope: '' };
  },
};

function accessToken(claims: { store_id?: number; scope: string; grant_id?: string }, signWith = tokens.secret): string {
  return jwt.sign({ sub: '42', client_id: 'app-1', grant_id: 'grant-9', ...claims }, signWith, {
    issuer: tokens.issuer,
    audience: tokens.audience,
    expiresIn: '1h',
  });
}

let server: TestServer;

beforeAll(async () => {
  const app = express();
  app.set('query parser', 'simple');
  app.use((_req, res, next) => {
    res.locals.requestId = 'req-42';
    next();
  });
  // The /v1 chain of createGatewayApp, with routes that echo what they were handed.
  const v1 = Router();
  v1.use(pipeline(authenticate(new Authenticator(identity, new ApiKeyCache(), tokens)), requestParams()));
  const echo = route(async (_req, res, { principal, storeId }) => ok(res, { kind: principal.kind, store_id: storeId }));
  v1.get('/store', echo);
  v1.put('/store', echo);
  v1.get(
    '/me',
    route(async (_req, res, { principal }) => ok(res, { kind: principal.kind }), { scope: 'user', needsStore: false }),
  );
  app.use('/v1', v1);
  app.use(notFoundHandler());
  app.use(errorMiddleware());
  server = await startTestServer(app);
});
afterAll(() => server.close());

async function call(method: 'GET' | 'PUT', path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { method, headers, ...(method === 'PUT' ? { body: 'name=Bolts' } : {}) });
  return {
    status: res.status,
    body: (await res.json()) as { data?: Record<string, unknown>; error?: string; meta: Record<string, unknown> },
  };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('authenticate + route', () => {
  it('lets a valid API key in, in any of its forms, without scopes', async () => {
    const basic = `Basic ${Buffer.from('sk_live_7:ignored').toString('base64')}`;
    for (const [path, headers] of [
      ['/v1/store?api_key=sk_live_7', {}],
      ['/v1/store', { 'API-KEY': 'sk_live_7' }],
      ['/v1/store', { Authorization: basic }],
    ] as const) {
      const res = await call('GET', path, headers);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ kind: 'api_key', store_id: 7 });
    }
    const write = await call('PUT', '/v1/store', { 'API-KEY': 'sk_live_7' });
    expect(write.status).toBe(200);
  });

  it('answers 401 "API Key is invalid" for a key identity does not know', async () => {
    const res = await call('GET', '/v1/store', { 'API-KEY': 'sk_wrong' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: 'API Key is invalid',
      meta: { code: 401, api_version: '1.0', error_type: 'Unauthorized', error_message: 'API Key is invalid', request_id: 'req-42' },
    });
  });

  it('answers 401 without any credential', async () => {
    const res = await call('GET', '/v1/store');
    expect(res.status).toBe(401);
    expect(res.body.meta).toMatchObject({ code: 401, error_type: 'Unauthorized' });
  });

  it('answers 401 for a forged or expired access token', async () => {
    const forged = await call('GET', '/v1/store', bearer(accessToken({ store_id: 7, scope: 'store_read' }, 'x'.repeat(32))));
    expect(forged.status).toBe(401);
    expect(forged.body.error).toBe('Access token is invalid or expired');
    const expired = jwt.sign(
      { sub: '42', store_id: 7, client_id: 'app-1', grant_id: 'g', scope: 'store_read', exp: Math.floor(Date.now() / 1000) - 60 },
      tokens.secret,
      {
        issuer: tokens.issuer,
        audience: tokens.audience,
      },
    );
    expect((await call('GET', `/v1/store?access_token=${expired}`)).status).toBe(401);
  });

  it('answers 401 for a valid token whose grant identity revoked', async () => {
    const res = await call('GET', '/v1/store', bearer(accessToken({ store_id: 7, scope: 'user store_read', grant_id: 'grant-revoked' })));
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Access token is invalid or expired');
  });

  it('answers 503 when identity cannot be reached, not 401', async () => {
    const res = await call('GET', '/v1/store', { 'API-KEY': 'sk_identity_down' });
    expect(res.status).toBe(503);
    expect(res.body.meta).toMatchObject({ error_type: 'ServiceUnavailable' });
  });

  it('lets an OAuth token read with store_read', async () => {
    const res = await call('GET', '/v1/store', bearer(accessToken({ store_id: 7, scope: 'user store_read' })));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ kind: 'oauth', store_id: 7 });
  });

  it('answers 403 InsufficientScope to a PUT with a token lacking store_write', async () => {
    const res = await call('PUT', '/v1/store', bearer(accessToken({ store_id: 7, scope: 'user store_read' })));
    expect(res.status).toBe(403);
    expect(res.body.meta).toMatchObject({ code: 403, error_type: 'InsufficientScope' });
    expect(res.body.error).toMatch(/store_write/);
  });

  it('lets a PUT through with store_write', async () => {
    const res = await call('PUT', `/v1/store?access_token=${accessToken({ store_id: 7, scope: 'user store_read store_write' })}`);
    expect(res.status).toBe(200);
  });

  it('answers 405 to a user without a store on a store call, but serves calls that need none', async () => {
    const storeless = accessToken({ store_id: 0, scope: 'user store_read store_write', grant_id: 'grant-storeless' });
    const res = await call('GET', '/v1/store', bearer(storeless));
    expect(res.status).toBe(405);
    expect(res.body).toEqual({
      error: 'This API call requires a store. Create one with POST /v1/stores',
      meta: {
        code: 405,
        api_version: '1.0',
        error_type: 'MethodNotAllowed',
        error_message: 'This API call requires a store. Create one with POST /v1/stores',
        request_id: 'req-42',
      },
    });
    const me = await call('GET', '/v1/me', bearer(storeless));
    expect(me.status).toBe(200);
  });
});
