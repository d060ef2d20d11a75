import { status } from '@grpc/grpc-js';
import express from 'express';
import { startTestServer, type TestServer } from '../http/test-server';
import { ApiError } from './api-error';
import { errorMiddleware, notFoundHandler, type ErrorLogger } from './error.middleware';

const logged: Array<{ fields: Record<string, unknown>; message: string }> = [];
const logger: ErrorLogger = { error: (fields, message) => logged.push({ fields, message }) };
let server: TestServer;

beforeAll(async () => {
  const app = express();
  app.use((req, res, next) => {
    if (req.path !== '/no-id') res.locals.requestId = 'req-7';
    next();
  });
  app.get('/bad', () => {
    throw new ApiError(400, 'Bad page number');
  });
  app.get('/limited', () => {
    throw new ApiError(429, 'Slow down', { headers: { 'Retry-After': '4' } });
  });
  app.get('/crash', () => {
    throw new Error('secret db password');
  });
  app.get('/async-crash', async () => {
    throw new Error('secret token abc');
  });
  app.get('/down', async () => {
    throw Object.assign(new Error('14 UNAVAILABLE: connect ECONNREFUSED'), { name: 'RemoteError', code: status.UNAVAILABLE });
  });
  app.get('/no-id', () => {
    throw new ApiError(409, 'Store exists');
  });
  app.use(notFoundHandler());
  app.use(errorMiddleware(logger));
  server = await startTestServer(app);
});
afterAll(() => server.close());
beforeEach(() => {
  logged.length = 0;
});

async function get(path: string) {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('errorMiddleware', () => {
  it('answers a gateway error in the error shape with the request id', async () => {
    const res = await get('/bad');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.text)).toEqual({
      error: 'Bad page number',
      meta: { code: 400, api_version: '1.0', error_type: 'BadRequest', error_message: 'Bad page number', request_id: 'req-7' },
    });
    expect(logged).toEqual([]);
  });

  it('sends the error headers', async () => {
    const res = await get('/limited');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('4');
  });

  it.each(['/crash', '/async-crash'])('answers %s with a 500 that leaks nothing, and logs the cause', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(500);
    expect(JSON.parse(res.text)).toEqual({
      error: 'Internal server error',
      meta: {
        code: 500,
        api_version: '1.0',
        error_type: 'InternalServerError',
        error_message: 'Internal server error',
        request_id: 'req-7',
      },
    });
    expect(res.text).not.toMatch(/secret|Error:|at /);
    expect(logged).toHaveLength(1);
    expect(logged[0].fields).toMatchObject({ requestId: 'req-7', method: 'GET', path });
    expect(String((logged[0].fields.err as Error).message)).toMatch(/secret/);
  });

  it('answers a backend that is down with a 503', async () => {
    const res = await get('/down');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text)).toEqual({
      error: 'Service unavailable, try again shortly',
      meta: {
        code: 503,
        api_version: '1.0',
        error_type: 'ServiceUnavailable',
        error_message: 'Service unavailable, try again shortly',
        request_id: 'req-7',
      },
    });
    expect(res.text).not.toMatch(/ECONNREFUSED/);
  });

  it('makes up a request id when none was assigned', async () => {
    const body = JSON.parse((await get('/no-id')).text);
    expect(body.meta).toMatchObject({ code: 409, error_type: 'Conflict' });
    expect(body.meta.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('notFoundHandler', () => {
  it('answers an unknown route with a 404 in the error shape', async () => {
    const res = await get('/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toEqual({
      error: 'Not found',
      meta: { code: 404, api_version: '1.0', error_type: 'NotFound', error_message: 'Not found', request_id: 'req-7' },
    });
  });
});
