// The visitor cookie (docs/visits.md#who-is-a-visitor): signed by the platform per store, and what a page request
// tells the storefront of its visitor, through the whole app on a storefront backend written for the test.
import http from 'node:http';
import { storefront } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { aGatewayApp } from '../../app.fixture';
import type { ApiKeyIdentityClient } from '../../auth/authenticator';
import type { BackendClients } from '../../clients';
import { startTestServer, type TestServer } from '../../http/test-server';
import { VisitorIds } from './visitor';

const KEY = Buffer.alloc(32, 5);
const SIGNED = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

describe('VisitorIds', () => {
  const ids = new VisitorIds(KEY);

  it('issues random ids, signed for one store, that read back as their id', () => {
    const cookie = ids.issue(7);
    expect(cookie).toMatch(SIGNED);
    expect(ids.issue(7)).not.toBe(cookie);
    expect(ids.idOf(7, cookie)).toBe(cookie.split('.')[0]);
    expect(new VisitorIds(Buffer.from(KEY)).idOf(7, cookie)).toBe(cookie.split('.')[0]); // another replica, the same key
  });

  it("reads no id from another store's cookie, another key's, a made-up one or a changed one", () => {
    const cookie = ids.issue(7);
    const [id, mac] = cookie.split('.') as [string, string];
    const otherId = Buffer.from(id, 'base64url');
    otherId[0] ^= 1;
    // The last of 22 base64url characters carries 4 spare bits: flipping one spells the same mac bytes another way.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = mac.slice(0, -1) + alphabet[alphabet.indexOf(mac.at(-1)!) ^ 1];
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
    for (const other of [
      ids.issue(8).replace(/^[^.]+/, id), // this id with a mac of store 8's kind
      new VisitorIds(Buffer.alloc(32, 6)).issue(7),
      `${otherId.toString('base64url')}.${mac}`,
      `${id}.${respelled}`,
      `${id}.${'A'.repeat(22)}`,
      id, // the unsigned ids issued before
      `${cookie};`,
      `${cookie}.${mac}`,
      '',
      undefined,
    ]) {
      expect(ids.idOf(7, other)).toBe('');
    }
    expect(ids.idOf(8, cookie)).toBe('');
  });
});

describe('the visitor of a page request', () => {
  const rendered: storefront.RenderPageRequest[] = [];
  const clients = {
    stores: { findStore: async () => ({ store: storefront.Store.fromPartial({ id: 7, subdomain: 'shop', storefront_open: true }) }) },
    pages: {
      renderPage: async (request: storefront.RenderPageRequest) => {
        rendered.push(request);
        return { status: 200, content_type: 'text/html; charset=utf-8', body: '<p>page</p>' };
      },
    },
  } as unknown as BackendClients;
  const identity: ApiKeyIdentityClient = {
    authenticateApiKey: async () => {
      throw new RemoteError({ code: GrpcStatus.UNAUTHENTICATED, message: 'unknown key' });
    },
    checkGrant: async () => ({ active: false, user_id: 0, store_id: 0, client_id: '', scope: '' }),
  };
  const ids = new VisitorIds(KEY);
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(aGatewayApp(clients, identity, { storefrontDomain: 'shops.localhost', visitorKey: KEY }));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    rendered.length = 0;
  });

  /** A GET of the store's home page, on its own host, from `localAddress`: the visitor cookie it set, if any. */
  function get(headers: Record<string, string>, localAddress = '127.0.0.1'): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      http
        .get(`${server.url}/`, { headers: { Host: 'shop.shops.localhost', ...headers }, localAddress, agent: false }, (response) => {
          response.resume();
          const set = (response.headers['set-cookie'] ?? []).find((line) => line.startsWith('sc_vid='));
          response.on('end', () => resolve(set?.split(';')[0]!.slice('sc_vid='.length)));
        })
        .on('error', reject);
    });
  }

  it("passes a signed cookie's id, the User-Agent and the client's address, and keeps the cookie", async () => {
    const cookie = ids.issue(7);
    expect(await get({ Cookie: `sc_vid=${cookie}`, 'User-Agent': 'Mozilla/5.0 Firefox/128.0' }, '127.0.0.3')).toBeUndefined();
    expect(rendered[0]).toMatchObject({
      visitor_id: cookie.split('.')[0],
      user_agent: 'Mozilla/5.0 Firefox/128.0',
      client_address: '127.0.0.3',
      page_view: true,
    });
  });

  it.each([
    ['no cookie', undefined],
    ['an unsigned id of the old shape', 'AAAAAAAAAAAAAAAAAAAAAA'],
    ['a made-up signature', `AAAAAAAAAAAAAAAAAAAAAA.${'B'.repeat(22)}`],
    ["another store's cookie", new VisitorIds(KEY).issue(8)],
    ["another deployment's cookie", new VisitorIds(Buffer.alloc(32, 9)).issue(7)],
  ])('passes no id for %s, and sets a new signed cookie', async (_what, cookie) => {
    const set = await get(cookie === undefined ? {} : { Cookie: `sc_vid=${cookie}` });
    expect(set).toMatch(SIGNED);
    expect(ids.idOf(7, set)).not.toBe('');
    expect(rendered[0]).toMatchObject({ visitor_id: '', client_address: '127.0.0.1', page_view: true });
  });
});
