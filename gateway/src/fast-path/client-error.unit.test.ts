import net from 'node:net';
import express from 'express';
import { ok } from '../http/envelope';
import { startTestServer, type TestServer } from '../http/test-server';

let server: TestServer;
let port: number;

beforeAll(async () => {
  const app = express();
  app.get('/v1/store', (_req, res) => {
    res.locals.requestId = 'req-1';
    ok(res, { id: 1 });
  });
  server = await startTestServer(app);
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes each request on one connection, the next once the answers so far have all arrived, and
 * reads until the server closes it; every answer on it, in order.
 */
function exchange(...requests: string[]): Promise<{ answers: RawAnswer[]; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let sent = 0;
    const sendNext = () => socket.write(requests[sent++]);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const complete = parseAnswers(Buffer.concat(chunks).toString('latin1')).filter(
        (answer) => answer.body.length === Number(answer.headers['content-length'] ?? 0),
      );
      if (complete.length === sent && sent < requests.length) sendNext();
    });
    socket.on('error', reject);
    socket.on('end', () => resolve({ answers: parseAnswers(Buffer.concat(chunks).toString('latin1')), closedByServer: true }));
    sendNext();
  });
}

function parseAnswers(raw: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine, ...headerLines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(
      headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(headEnd + 4, headEnd + 4 + length) });
    rest = rest.slice(headEnd + 4 + length);
  }
  return answers;
}

const LONG_QUERY = `/v1/store?q=${'x'.repeat(60 * 1024)}`;

describe('requests node refuses before Express sees them', () => {
  it('answers a 60 KB query with a 431 in the error shape (it was a bare 431 with no body), then closes the connection', async () => {
    const { answers, closedByServer } = await exchange(`GET ${LONG_QUERY} HTTP/1.1\r\nHost: localhost\r\n\r\n`);

    expect(answers).toHaveLength(1);
    const [answer] = answers;
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      connection: 'close',
      'cache-control': 'no-store',
    });
    const body = JSON.parse(answer.body) as { error: string; meta: Record<string, unknown> };
    expect(body.meta).toMatchObject({
      code: 431,
      api_version: '1.0',
      error_type: 'RequestHeaderFieldsTooLarge',
      error_message: body.error,
    });
    expect(body.error).toMatch(/larger than 16 KB/);
    expect(body.meta.request_id).toBe(answer.headers['x-request-id']);
    expect(closedByServer).toBe(true);
  });

  it('answers a 30 KB header the same way, as fetch sees it', async () => {
    const res = await fetch(`${server.url}/v1/store`, { headers: { 'X-Big': 'y'.repeat(30 * 1024) } });
    expect(res.status).toBe(431);
    expect(await res.json()).toMatchObject({ meta: { code: 431, error_type: 'RequestHeaderFieldsTooLarge' } });
  });

  it('answers the 431 on a kept-alive connection after its earlier answers, and keeps serving others', async () => {
    const { answers } = await exchange(
      'GET /v1/store HTTP/1.1\r\nHost: localhost\r\n\r\n',
      `GET ${LONG_QUERY} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 431]);
    expect(JSON.parse(answers[1].body)).toMatchObject({ meta: { code: 431 } });
    expect((await fetch(`${server.url}/v1/store`)).status).toBe(200);
  });

  it('never writes into an answer on the wire: a too-large request pipelined after a good one closes after it, as node does', async () => {
    const { answers } = await exchange(
      `GET /v1/store HTTP/1.1\r\nHost: localhost\r\n\r\nGET ${LONG_QUERY} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(answers).toHaveLength(1);
    expect(JSON.parse(answers[0].body)).toMatchObject({ data: { id: 1 } });
  });

  it('answers a malformed request with a 400 in the error shape', async () => {
    const { answers } = await exchange('GET /v1/store HTTP/1.1\r\nHost: localhost\r\nNo colon here\r\n\r\n');
    expect(answers).toHaveLength(1);
    expect(answers[0].status).toBe(400);
    expect(JSON.parse(answers[0].body)).toMatchObject({ meta: { code: 400, error_type: 'BadRequest' } });
  });
});
