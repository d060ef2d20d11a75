// Sign-in throttling through the gateway, as an attacker meets it (issue 12, item 3): headers a client sends
// must not buy it a new budget, and the address identity throttles by is the one the gateway saw.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startStack, stackEnvironment, type StackHandle } from '../support/stack.harness';
import { anOwner, PageClient, PASSWORD } from './oauth-stack.fixture';
import type { PageClientOptions } from '../../services/identity/test/page-client.harness';

const MAX_FAILURES = 3;
const WRONG = 'not the password';

let stack: StackHandle;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-throttle-'));
  stack = await startStack({ ...(await stackEnvironment(dataDir)), LOGIN_MAX_FAILURES: String(MAX_FAILURES) });
});

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One sign-in through the gateway from a fresh browser. */
async function signIn(identifier: string, password: string, options: PageClientOptions = {}): Promise<number> {
  return (await new PageClient(stack.baseUrl, options).signIn(identifier, password)).status;
}

describe('sign-in throttling through the gateway', () => {
  it('keeps one budget for a client that sends a new X-Forwarded-For (and a forged client-address header) each time', async () => {
    const owner = await anOwner(stack.env, 'spoof');
    const spoofing = (n: number): PageClientOptions => ({
      headers: {
        'x-forwarded-for': `10.0.0.${n}`,
        'x-commerce-client-address': `10.0.1.${n}`,
        'x-commerce-client-address-signature': 'forged',
      },
    });

    const failures = [];
    for (let n = 1; n <= MAX_FAILURES; n++) failures.push(await signIn(owner.email, WRONG, spoofing(n)));

    expect(failures).toEqual(Array(MAX_FAILURES).fill(401));
    expect(await signIn(owner.email, PASSWORD, spoofing(100))).toBe(429);
  });

  it('answers at most LOGIN_MAX_FAILURES of 40 parallel wrong passwords with 401, the rest and then the right one with 429', async () => {
    const owner = await anOwner(stack.env, 'burst');

    const statuses = await Promise.all(Array.from({ length: 40 }, () => signIn(owner.email, WRONG)));

    const unauthorized = statuses.filter((status) => status === 401).length;
    expect(unauthorized).toBeGreaterThan(0);
    expect(unauthorized).toBeLessThanOrEqual(MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - unauthorized);
    expect(await signIn(owner.email, PASSWORD)).toBe(429);
  });

  it('throttles by the address the gateway saw: a client at another address keeps its own budget', async () => {
    const owner = await anOwner(stack.env, 'neighbour');
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) await signIn(owner.email, WRONG);
    expect(await signIn(owner.email, PASSWORD)).toBe(429);

    expect(await signIn(owner.email, PASSWORD, { fetch: fetchFrom('127.0.0.2') })).toBe(303);
  });
});

/** fetch over a connection from another loopback address (global fetch cannot choose its local address). */
function fetchFrom(localAddress: string): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const request = http.request(
        String(input),
        { method: init.method ?? 'GET', headers: Object.fromEntries(new Headers(init.headers)), localAddress },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const headers = new Headers();
            for (let i = 0; i < response.rawHeaders.length; i += 2) headers.append(response.rawHeaders[i], response.rawHeaders[i + 1]);
            resolve(new Response(Buffer.concat(chunks), { status: response.statusCode, headers }));
          });
        },
      );
      request.on('error', reject);
      request.end(typeof init.body === 'string' ? init.body : undefined);
    });
}
