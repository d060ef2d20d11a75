import { ApiCallError, ApiClient, retryAfterMs, type Fetch } from './api-client';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

function aClient(answers: Response[], options: { apiKey?: string } = {}) {
  const sent: Sent[] = [];
  const waits: number[] = [];
  const fetch: Fetch = async (url, init) => {
    sent.push({ url, method: init.method, headers: init.headers, ...(init.body !== undefined ? { body: init.body } : {}) });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    return answer;
  };
  const client = new ApiClient({
    baseUrl: 'http://gateway.test',
    apiKey: options.apiKey ?? 'sk_demo',
    fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
    runId: 'run1',
  });
  return { client, sent, waits };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('ApiClient', () => {
  it('sends JSON with the API key and a run-unique Idempotency-Key on POST, and answers data', async () => {
    const { client, sent } = aClient([json(200, { data: { id: 4 }, meta: { code: 200 } }), json(200, { data: { id: 5 } })]);

    expect(await client.call('POST', '/v1/shipping_groups', { name: 'Demo goods' })).toEqual({ id: 4 });
    expect(await client.call('POST', '/v1/shipping_classes', { name: 'Standard' })).toEqual({ id: 5 });

    expect(sent[0]).toMatchObject({ url: 'http://gateway.test/v1/shipping_groups', method: 'POST', body: '{"name":"Demo goods"}' });
    expect(sent[0]!.headers).toMatchObject({
      'API-KEY': 'sk_demo',
      'Content-Type': 'application/json',
      'Idempotency-Key': 'storectl-demo-run1-1',
    });
    expect(sent[1]!.headers['Idempotency-Key']).toBe('storectl-demo-run1-2');
  });

  it('sends no API key on the buyer path, and no Idempotency-Key on GET or PUT', async () => {
    const { client, sent } = aClient([json(200, { data: {} }), json(200, { data: {} }), json(200, { data: {} })]);

    await client.call('POST', '/s/teashop/checkout', {}, { credential: false });
    await client.call('GET', '/v1/store');
    await client.call('PUT', '/v1/orders/1/hold', {});

    expect(sent[0]!.headers['API-KEY']).toBeUndefined();
    expect(sent[1]!.headers['Idempotency-Key']).toBeUndefined();
    expect(sent[2]!.headers['Idempotency-Key']).toBeUndefined();
  });

  it('waits out a 429 as long as Retry-After says, then sends the same request again', async () => {
    const { client, sent, waits } = aClient([
      json(429, { error: 'Rate limit exceeded' }, { 'Retry-After': '2' }),
      json(429, { error: 'Rate limit exceeded' }, { 'Retry-After': '1' }),
      json(200, { data: { id: 9, status: 'open' } }),
    ]);

    expect(await client.call('POST', '/s/teashop/checkout', { email: 'a@example.com' }, { credential: false })).toEqual({
      id: 9,
      status: 'open',
    });
    expect(waits).toEqual([2_000, 1_000]);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((request) => request.headers['Idempotency-Key']))).toEqual(new Set(['storectl-demo-run1-1']));
  });

  it('throws what the error envelope says: status, error type, field errors', async () => {
    const { client } = aClient([
      json(409, {
        error: 'Not enough stock',
        meta: { code: 409, error_type: 'OutOfStock', errors: { items: ['variant 3 is out of stock (1 requested)'] } },
      }),
    ]);

    const error = await client.call('POST', '/s/teashop/checkout', {}, { credential: false }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({
      status: 409,
      errorType: 'OutOfStock',
      fieldErrors: { items: ['variant 3 is out of stock (1 requested)'] },
    });
    expect((error as Error).message).toBe(
      'POST /s/teashop/checkout answered 409 OutOfStock: Not enough stock {"items":["variant 3 is out of stock (1 requested)"]}',
    );
  });

  it('says where it could not connect', async () => {
    const client = new ApiClient({
      baseUrl: 'http://localhost:1',
      fetch: async () => {
        throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
      },
      sleep: async () => undefined,
      runId: 'x',
    });

    await expect(client.call('GET', '/v1/store')).rejects.toThrow('could not reach http://localhost:1/v1/store (ECONNREFUSED)');
  });
});

describe('retryAfterMs', () => {
  it('reads seconds or an HTTP date, within 100 ms and a minute; a second when absent or unreadable', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs('0', now)).toBe(100);
    expect(retryAfterMs('0.5', now)).toBe(500);
    expect(retryAfterMs('3600', now)).toBe(60_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5_000);
    expect(retryAfterMs(null, now)).toBe(1_000);
    expect(retryAfterMs('soon', now)).toBe(1_000);
  });
});
