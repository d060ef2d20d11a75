import express, { type RequestHandler } from 'express';
import { errorMiddleware, notFoundHandler } from '../errors';
import { ApiError } from '../errors/api-error';
import { ok } from '../http/envelope';
import { pipeline } from './pipeline';
import { startTestServer, type TestServer } from '../http/test-server';

/** Each step leaves its name in `res.locals.trail`; the route answers the trail. */
const step =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    (res.locals.trail as string[]).push(name);
    next();
  };

let server: TestServer;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.trail = [];
    res.locals.requestId = 'req-7';
    next();
  });
  app.use('/ordered', pipeline(step('a'), step('b'), step('c')));
  app.get('/ordered', (_req, res) => ok(res, res.locals.trail));
  app.use(
    '/thrown',
    pipeline(
      step('a'),
      () => {
        throw new ApiError(422, 'thrown in a step');
      },
      step('never'),
    ),
  );
  app.use(
    '/rejected',
    pipeline(
      step('a'),
      async () => {
        throw new ApiError(429, 'rejected in a step');
      },
      step('never'),
    ),
  );
  app.use(
    '/passed',
    pipeline((_req, _res, next) => next(new ApiError(403, 'passed to next')), step('never')),
  );
  app.use(
    '/async',
    pipeline(
      step('a'),
      async (_req, _res, next) => {
        await new Promise((resolve) => setImmediate(resolve));
        next();
      },
      step('b'),
    ),
  );
  app.get('/async', (_req, res) => ok(res, res.locals.trail));
  app.use(
    '/answered',
    pipeline(step('a'), (_req, res) => ok(res, 'answered early'), step('never')),
  );
  app.use(notFoundHandler());
  app.use(errorMiddleware());
  server = await startTestServer(app);
});
afterAll(() => server.close());

async function get(path: string) {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: (await res.json()) as { data?: unknown; error?: string } };
}

describe('pipeline', () => {
  it('runs its steps in order, then the next layer', async () => {
    expect(await get('/ordered')).toEqual({ status: 200, body: expect.objectContaining({ data: ['a', 'b', 'c'] }) });
  });

  it('waits for a step that passes on later', async () => {
    expect((await get('/async')).body.data).toEqual(['a', 'b']);
  });

  it('sends a thrown, rejected or passed error to the error handler and skips the rest', async () => {
    expect(await get('/thrown')).toMatchObject({ status: 422, body: { error: 'thrown in a step' } });
    expect(await get('/rejected')).toMatchObject({ status: 429, body: { error: 'rejected in a step' } });
    expect(await get('/passed')).toMatchObject({ status: 403, body: { error: 'passed to next' } });
  });

  it('stops at a step that answers', async () => {
    expect(await get('/answered')).toEqual({ status: 200, body: expect.objectContaining({ data: 'answered early' }) });
  });
});
