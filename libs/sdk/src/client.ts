import createOpenApiClient, { type Client, type ClientPathsWithMethod, type MaybeOptionalInit } from 'openapi-fetch';
import {
  apiKeyCredentials,
  oauthCredentials,
  type ApiKeyCredentials,
  type Credentials,
  type OAuthCredentials,
  type OAuthTokens,
} from './credentials';
import { apiErrorOf, apiErrorOfResponse } from './errors';
import { streamEvents, type EventStreamOptions, type EventTopic, type StreamedEvent } from './event-stream';
import type { paths } from './generated/openapi';
import { retryPolicyOf, type RetryOptions } from './retry-policy';
import { retrying, transport, type Send } from './transport';

type Method = 'get' | 'post' | 'put' | 'delete';

/** The API's paths that take `method`. */
export type PathsWith<M extends Method> = ClientPathsWithMethod<Client<paths>, M>;

/** The body a call answers on success (200): `{ data, meta }`, and `pagination` on a paged list. */
export type AnswerOf<P extends keyof paths, M extends Method> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

type RequiredKeysOf<T> = { [K in keyof T]: object extends Pick<T, K> ? never : K }[keyof T] extends infer Keys
  ? Keys extends undefined
    ? never
    : Keys
  : never;
/** The call's second argument (`{ params: { path, query, header }, body, headers, signal }`), optional when nothing in it is required. */
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** A typed call that answers the success body and throws `CommerceApiError` for any other answer. */
export type CallMethod<M extends Method> = <P extends PathsWith<M>, Init extends MaybeOptionalInit<paths[P], M>>(
  path: P,
  ...init: InitParam<Init>
) => Promise<AnswerOf<P, M>>;

/** The GET paths that answer `pagination`: the paged lists (docs/api-conventions.md#paging). */
export type PagedPath = { [P in PathsWith<'get'>]: AnswerOf<P, 'get'> extends { pagination: unknown } ? P : never }[PathsWith<'get'>];

/** The record a paged list holds: the items of `data`'s one list (`data.products` → `Product`). */
export type ItemOf<P extends PagedPath> =
  AnswerOf<P, 'get'> extends { data: infer Data }
    ? Data extends readonly (infer Item)[]
      ? Item
      : { [K in keyof Data]: Data[K] extends readonly (infer Item)[] ? Item : never }[keyof Data]
    : never;

interface CommonOptions {
  /** Where the API answers, without `/v1`: `https://api.example.com`, `http://localhost:8080`. */
  baseUrl: string;
  retry?: RetryOptions;
  /** Headers sent with every call (a `User-Agent` naming your app, say). */
  headers?: Record<string, string>;
  /** The fetch to send with (default: the global one). */
  fetch?: Send;
}

export type ClientOptions = CommonOptions &
  ((ApiKeyCredentials & { [K in keyof OAuthCredentials]?: never }) | (OAuthCredentials & { apiKey?: never }));

export interface CommerceClient {
  /** Typed calls of every operation of `/v1/openapi.json`: they answer the success body, and throw `CommerceApiError` otherwise. */
  GET: CallMethod<'get'>;
  POST: CallMethod<'post'>;
  PUT: CallMethod<'put'>;
  DELETE: CallMethod<'delete'>;
  /**
   * Every record of a paged list, page after page, following the API's own `next_url` (numbered pages and cursors
   * alike) until the last page. Takes the same arguments as `GET`; `limit` sets the page size.
   */
  paginate<P extends PagedPath, Init extends MaybeOptionalInit<paths[P], 'get'>>(
    path: P,
    ...init: InitParam<Init>
  ): AsyncIterableIterator<ItemOf<P>>;
  /**
   * openapi-fetch's client on the same transport (credential, idempotency keys, retries, refresh): answers
   * `{ data, error, response }` without throwing, for the response's headers, and takes openapi-fetch middleware (`raw.use`).
   */
  raw: Client<paths>;
  /**
   * The store's live events (`GET /v1/events/stream`) as they are stored, typed by topic. Reconnects by itself with
   * `Last-Event-ID`, so nothing is lost or repeated; leaving the loop or `signal` closes it.
   */
  events<T extends EventTopic = EventTopic>(options?: EventStreamOptions<T>): AsyncGenerator<StreamedEvent<T>>;
  /** The OAuth token pair held now, after any refresh; undefined for an API key. */
  tokens(): OAuthTokens | undefined;
}

/**
 * A client of the Store Commerce API for a store's API key or for an app's OAuth tokens. See libs/sdk/README.md.
 */
export function createClient(options: ClientOptions): CommerceClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl: Send = options.fetch ?? ((request) => fetch(request));
  const policy = retryPolicyOf(options.retry);
  const credentials: Credentials =
    options.apiKey !== undefined
      ? apiKeyCredentials(options)
      : oauthCredentials(options as OAuthCredentials, `${baseUrl}/oauth/token`, retrying(fetchImpl, policy, { retryUnanswered: false }));
  const send = transport(fetchImpl, () => credentials, policy);
  const raw = createOpenApiClient<paths>({ baseUrl, fetch: send, headers: options.headers });

  const call =
    <M extends Method>(method: Uppercase<M>): CallMethod<M> =>
    async (path, ...init) => {
      const answer = (await (raw[method] as (...args: unknown[]) => Promise<{ data?: unknown; error?: unknown; response: Response }>)(
        path,
        ...init,
      )) as { data?: unknown; error?: unknown; response: Response };
      if (!answer.response.ok) throw apiErrorOf(answer.response, answer.error);
      return answer.data as never;
    };
  const GET = call<'get'>('GET');

  /** A later page: `next_url` as the API answered it, on the client's own origin (the credential goes nowhere else). */
  async function page(nextUrl: string): Promise<unknown> {
    const next = new URL(nextUrl, baseUrl);
    const request = new Request(new URL(next.pathname + next.search, baseUrl), {
      headers: { Accept: 'application/json', ...options.headers },
    });
    const response = await send(request);
    if (!response.ok) throw await apiErrorOfResponse(response);
    return response.json();
  }

  return {
    GET,
    POST: call<'post'>('POST'),
    PUT: call<'put'>('PUT'),
    DELETE: call<'delete'>('DELETE'),
    async *paginate(path, ...init) {
      let answer: unknown = await (GET as (...args: unknown[]) => Promise<unknown>)(path, ...init);
      for (;;) {
        yield* itemsOf(answer) as never[];
        const nextUrl = (answer as { pagination?: { next_url?: string | null } }).pagination?.next_url;
        if (!nextUrl) return;
        answer = await page(nextUrl);
      }
    },
    raw,
    events: (streamOptions) => streamEvents(raw, streamOptions),
    tokens: () => credentials.current(),
  };
}

/** `data` when it is a list, else `data`'s list (`data.products`). */
function itemsOf(answer: unknown): unknown[] {
  const data = (answer as { data?: unknown }).data;
  if (Array.isArray(data)) return data;
  if (typeof data !== 'object' || data === null) return [];
  return (Object.values(data).find(Array.isArray) as unknown[] | undefined) ?? [];
}
