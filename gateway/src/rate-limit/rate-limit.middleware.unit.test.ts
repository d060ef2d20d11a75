import express from 'express';
import { errorMiddleware } from '../errors/error.middleware';
import { ok } from '../http/envelope';
import { startTestServer, type TestServer } from '../http/test-server';
import { LeakyBucket } from './leaky-bucket';
import { rateLimit } from './rate-limit.middleware';

let nowMs = 1_700_000_000_000;
const bucket = new LeakyBucket({ capacity: 3, leakPerSecond: 0.5 });
let server: TestServer;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.requestId = 'req-9';
    next();
  });
  app.use(
    rateLimit({
      bucket,
      keyOf: (req) => (req.get('API-KEY') ? `store:${req.get('API-KEY')}` : undefined),
      now: () => nowMs,
    }),
  );
  app.get('/v1/store', (_req, res) => ok(res, { id: 1 }));
  app.use(errorMiddleware());
  server = await startTestServer(app);
});
afterAll(() => server.close());
beforeEach(() => {
  // A minute apart: every bucket from the previous test has drained.
  nowMs += 60_000;
});

const call = (key?: string) => fetch(`${server.url}/v1/store`, { headers: key ? { 'API-KEY': key } : {} });

describe('rateLimit', () => {
  it('puts the limit and what remains on every response', async () => {
    const first = await call('s1');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('3');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
    expect((await call('s1')).headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('answers an overflow with a 429 in the error shape and Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await call('s1')).status).toBe(200);
    const refused = await call('s1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await refused.json()).toEqual({
      error: 'Rate limit exceeded, retry in 2 seconds',
      meta: {
        code: 429,
        api_version: '1.0',
        error_type: 'RateLimited',
        error_message: 'Rate limit exceeded, retry in 2 seconds',
        request_id: 'req-9',
      },
    });
    nowMs += 2000;
    expect((await call('s1')).status).toBe(200);
  });

  it('counts usage reported by another replica', async () => {
    bucket.record('store:s1', 2, nowMs);
    const res = await call('s1');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await call('s1')).status).toBe(429);
  });

  it('leaves requests without a credential alone', async () => {
    const res = await call();
    expect(res.status).toBe(200);
    expect(res.headers.has('x-ratelimit-limit')).toBe(false);
  });
});
