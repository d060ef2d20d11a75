import type http from 'node:http';
import { verifyWebhook, WebhookVerificationError } from '@commerce/sdk';
import type { AppData } from './app-data.js';
import type { Config } from './config.js';
import type { InboxWorker } from './inbox-worker.js';
import { InstallError, type OAuthInstaller } from './oauth.js';
import { setUpStore } from './set-up-store.js';
import { messagePage, statusPage } from './status-page.js';
import type { StoreClients } from './store-clients.js';

export interface RouteDeps {
  config: Config;
  data: AppData;
  clients: StoreClients;
  inbox: InboxWorker;
  /** The OAuth side of installs, discovered from the platform on first use. */
  installer: () => Promise<OAuthInstaller>;
  log: (message: string, fields?: Record<string, unknown>) => void;
}

type Request = http.IncomingMessage;
type Response = http.ServerResponse;

const INSTALL_COOKIE = 'low_stock_alert_install';
/** Deliveries are a record as the API renders it: a product renders at most 512 KiB (docs/catalog.md#limits). */
const MAX_BODY_BYTES = 1024 * 1024;

/** `GET /`: the status page. */
export function showStatus({ config, data }: RouteDeps, _request: Request, response: Response): void {
  html(response, 200, statusPage(data.stores(), data.alerts(), config.lowStockThreshold));
}

/** `GET /install`: sends the browser to the platform's consent page, remembering this browser's install in a cookie. */
export async function startInstall({ config, installer }: RouteDeps, _request: Request, response: Response): Promise<void> {
  const { installId, authorizationUrl } = await (await installer()).start();
  const secure = config.appUrl.startsWith('https:') ? '; Secure' : '';
  response.writeHead(302, {
    location: authorizationUrl.toString(),
    'set-cookie': `${INSTALL_COOKIE}=${installId}; Path=/; Max-Age=600; HttpOnly; SameSite=Lax${secure}`,
    'cache-control': 'no-store',
  });
  response.end();
}

/**
 * `GET /callback`: the platform sends the browser back here with a code. Exchange it for tokens, set the store up
 * through the SDK (its webhook), and keep the tokens, the client's current pair in case a call already rotated them.
 */
export async function finishInstall(deps: RouteDeps, request: Request, response: Response): Promise<void> {
  const { config, data, clients, installer, log } = deps;
  const installId = cookieOf(request, INSTALL_COOKIE);
  let tokens;
  try {
    tokens = await (await installer()).finish(installId, new URL(request.url ?? '/', config.appUrl));
  } catch (error) {
    log('install refused', { error: (error as Error).message });
    const reason = error instanceof InstallError ? error.message : 'The store did not authorize the app, or the code was refused.';
    return html(response, 400, messagePage('Install not finished', reason));
  }

  const client = clients.forInstall(tokens);
  const setUp = await setUpStore(client, config.appUrl, (storeId) => data.store(storeId));
  await data.saveStore({ ...setUp, tokens: client.tokens() ?? tokens, installedAt: new Date().toISOString() });
  clients.forget(setUp.storeId); // a client of an earlier install holds that install's tokens
  log('installed', { storeId: setUp.storeId, webhookId: setUp.webhook.id });
  response.writeHead(303, { location: '/', 'set-cookie': `${INSTALL_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` });
  response.end();
}

/**
 * `POST /webhooks?store_id=...`: verify the delivery on its raw body with the store's webhook secret, store it, answer
 * at once; the inbox worker handles it. The same `webhook-id` twice (a retry) is answered and not handled again.
 */
export async function receiveWebhook({ data, inbox }: RouteDeps, request: Request, response: Response): Promise<void> {
  const storeId = Number(new URL(request.url ?? '/', 'http://app').searchParams.get('store_id'));
  const store = data.store(storeId);
  // Not (or no longer) installed there: 410 Gone tells the platform to stop sending (docs/webhooks.md#answers-retries-and-their-end).
  if (!store) return void response.writeHead(410).end();

  const body = await readBody(request);
  if (body === undefined) return void response.writeHead(413).end();
  let event;
  try {
    event = verifyWebhook(store.webhook.secret, request.headers, body);
  } catch (error) {
    if (error instanceof WebhookVerificationError) return void response.writeHead(400).end();
    throw error;
  }
  // verifyWebhook checked the signature over webhook-id: it is there, and it is the event's id.
  await data.enqueue({ webhookId: request.headers['webhook-id'] as string, storeId, event });
  response.writeHead(204).end();
  inbox.wake();
}

/** The request's body, or undefined past the size limit. */
async function readBody(request: Request): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function cookieOf(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function html(response: Response, status: number, page: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
}
