// Issue 12 item 5, the gateway's parts, as a client meets them through the whole stack: JSON depth, failed
// authentication per address, oversized request heads, Cache-Control.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createStoreWithCli, startStack, stackEnvironment, type StackHandle } from '../support/stack.harness';

const AUTH_FAILURE_BURST = 5;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

let stack: StackHandle;
let dataDir: string;
let apiKey: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-gateway-limits-'));
  const env = { ...(await stackEnvironment(dataDir)), AUTH_FAILURE_BURST: String(AUTH_FAILURE_BURST), AUTH_FAILURE_PER_SECOND: '0.01' };
  stack = await startStack(env);
  apiKey = (await createStoreWithCli(env, 'limitsgw')).api_key;
});

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One request on its own connection from `localAddress` (another loopback address is another client). */
function send(
  method: string,
  pathAndQuery: string,
  headers: Record<string, string> = {},
  body?: string,
  localAddress = '127.0.0.1',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${stack.baseUrl}${pathAndQuery}`, { method, headers, localAddress, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

const meta = (answer: Answer) => (JSON.parse(answer.text) as { meta: Record<string, unknown> }).meta;

describe('the gateway limits through the stack (issue 12, item 5)', () => {
  it('answers a JSON body nested 6,000 levels deep with an Idempotency-Key with 400 in the error shape (it was a 500)', async () => {
    const deep = '{"name":"Deep","a":' + '{"a":'.repeat(6_000) + '1' + '}'.repeat(6_001);
    const answer = await send(
      'POST',
      '/v1/products.json',
      { 'API-KEY': apiKey, 'Content-Type': 'application/json', 'Idempotency-Key': 'deep-stack-1' },
      deep,
    );
    expect(answer.status).toBe(400);
    expect(meta(answer)).toMatchObject({
      code: 400,
      error_type: 'BadRequest',
      error_message: 'The JSON body is nested too deeply (at most 8 levels below the top object)',
    });
  });

  it('answers a 60 KB query and a 30 KB header with a 431 and a JSON error body (node answered a bare 431)', async () => {
    const longQuery = await send('GET', `/v1/store.json?api_key=${apiKey}&q=${'x'.repeat(60 * 1024)}`);
    const bigHeader = await fetch(`${stack.baseUrl}/v1/store.json`, { headers: { 'API-KEY': apiKey, 'X-Padding': 'y'.repeat(30 * 1024) } });

    expect(longQuery.status).toBe(431);
    expect(longQuery.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    expect(meta(longQuery)).toMatchObject({ code: 431, api_version: '1.0', error_type: 'RequestHeaderFieldsTooLarge' });
    expect(bigHeader.status).toBe(431);
    expect(await bigHeader.json()).toMatchObject({ meta: { code: 431, error_type: 'RequestHeaderFieldsTooLarge' } });
    expect((await send('GET', '/v1/store.json', { 'API-KEY': apiKey })).status).toBe(200);
  });

  it('says Cache-Control: no-store on /v1 answers, errors included', async () => {
    const answers = [
      await send('GET', '/v1/store.json', { 'API-KEY': apiKey }),
      await send('GET', '/v1/products/999999.json', { 'API-KEY': apiKey }),
      await send('PUT', '/v1/store.json', { 'API-KEY': apiKey, 'Content-Type': 'application/json' }, '{'),
    ];
    expect(answers.map((answer) => [answer.status, answer.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [404, 'no-store'],
      [400, 'no-store'],
    ]);
  });

  it('answers bad keys with 429 once the address spent AUTH_FAILURE_BURST failures; a good key from elsewhere is unaffected', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 4 * AUTH_FAILURE_BURST }, (_, n) =>
        send('GET', '/v1/store.json', { 'API-KEY': `sck_wrong_${n}` }, undefined, '127.0.0.2'),
      ),
    );
    expect(statuses.filter((answer) => answer.status === 401)).toHaveLength(AUTH_FAILURE_BURST);
    expect(statuses.filter((answer) => answer.status === 429)).toHaveLength(3 * AUTH_FAILURE_BURST);

    const refused = await send('GET', '/v1/store.json', { 'API-KEY': 'sck_wrong_again' }, undefined, '127.0.0.2');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(meta(refused)).toMatchObject({ code: 429, error_type: 'RateLimited' });
    // As documented: the spent address waits, whatever its key; another address is not slowed at all.
    expect((await send('GET', '/v1/store.json', { 'API-KEY': apiKey }, undefined, '127.0.0.2')).status).toBe(429);
    expect((await send('GET', '/v1/store.json', { 'API-KEY': apiKey }, undefined, '127.0.0.1')).status).toBe(200);
  });

  it('limits failed /oauth/token requests per address too (the endpoint had no limiter)', async () => {
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const body = 'grant_type=client_credentials&client_id=nobody&client_secret=wrong';
    const statuses = [];
    for (let n = 0; n <= AUTH_FAILURE_BURST; n++) statuses.push((await send('POST', '/oauth/token', form, body, '127.0.0.3')).status);

    expect(statuses.slice(0, AUTH_FAILURE_BURST).every((status) => status === 400 || status === 401)).toBe(true);
    expect(statuses[AUTH_FAILURE_BURST]).toBe(429);
    const refused = await send('POST', '/oauth/token', form, body, '127.0.0.3');
    expect(refused.headers['retry-after']).toBeDefined();
    expect(meta(refused)).toMatchObject({ code: 429, error_type: 'RateLimited' });
    expect([400, 401]).toContain((await send('POST', '/oauth/token', form, body, '127.0.0.4')).status);
  });
});
