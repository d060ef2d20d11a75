// For the buyer site's app-level tests only (excluded from the build): stores, a storefront that renders a page
// naming its path, an orders service that places or refuses, and requests sent with any Host header.
import http from 'node:http';
import { orders, storefront } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import type { ApiKeyIdentityClient } from '../../auth/authenticator';
import type { BackendClients } from '../../clients';

export const SHOP = storefront.Store.fromPartial({
  id: 7,
  subdomain: 'shop',
  url: 'http://shop.shops.localhost:8080',
  custom_domain: 'shop.example.com',
  storefront_open: true,
});
export const SHOP_HOST = 'shop.shops.localhost:8080';

/** What the backends were asked, and what a test makes them fail with. */
export interface BuyerBackends {
  clients: BackendClients;
  identity: ApiKeyIdentityClient;
  lookups: storefront.FindStoreRequest['address'][];
  rendered: storefront.RenderPageRequest[];
  checkouts: orders.CreateOrderRequest[];
  fail: { order?: RemoteError };
  reset(): void;
}

export function buyerBackends(stores: storefront.Store[] = [SHOP]): BuyerBackends {
  const backends: BuyerBackends = {
    lookups: [],
    rendered: [],
    checkouts: [],
    fail: {},
    reset() {
      backends.lookups.length = 0;
      backends.rendered.length = 0;
      backends.checkouts.length = 0;
      backends.fail = {};
    },
    identity: {
      authenticateApiKey: async () => {
        throw new RemoteError({ code: GrpcStatus.UNAUTHENTICATED, message: 'unknown key' });
      },
      checkGrant: async () => ({ active: false, user_id: 0, store_id: 0, client_id: '', scope: '' }),
    },
    clients: {
      stores: {
        findStore: async ({ address }: storefront.FindStoreRequest) => {
          backends.lookups.push(address);
          const value = address!.value.toLowerCase();
          const store = stores.find((candidate) =>
            address!.$case === 'subdomain' ? candidate.subdomain === value : candidate.custom_domain === value,
          );
          if (!store) throw new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'store not found' });
          return { store };
        },
      },
      pages: {
        renderPage: async (request: storefront.RenderPageRequest) => {
          backends.rendered.push(request);
          const known = ['/', '/cart', '/checkout'].includes(request.path);
          return { status: known ? 200 : 404, content_type: 'text/html; charset=utf-8', body: `<p>${request.path}</p>` };
        },
      },
      orders: {
        createOrder: async (request: orders.CreateOrderRequest) => {
          backends.checkouts.push(request);
          if (backends.fail.order) throw backends.fail.order;
          const placed = new Date('2026-03-01T15:00:00Z');
          return {
            order: orders.Order.fromPartial({ id: 41, status: 'open', email: request.email, created_at: placed, updated_at: placed }),
            time_zone: 'UTC',
          };
        },
      },
    } as unknown as BackendClients,
  };
  return backends;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request with node:http, which (unlike fetch) sends the Host header it is given. */
export function sendTo(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${baseUrl}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** name=value of each Set-Cookie, for sending back. */
export const cookiesOf = (answer: Answer): string => (answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
export const cookieValue = (cookies: string, name: string): string =>
  cookies
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))!
    .slice(name.length + 1);
