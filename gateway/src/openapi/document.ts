import type { Express } from 'express';
import { requiredScope } from '../auth/scopes';
import { EXTERNAL_OPERATIONS } from './external-operations';
import { namedSchemas, SCHEMA_REF, toJsonSchema } from './json-schema';
import { operationDocOf, type OperationDoc } from './operation';
import { IDEMPOTENCY_KEY, pathIdsOf, pathParameters, queryParameters } from './parameters';
import { routesOf, type RegisteredRoute } from './routes-of';

export interface DocumentOptions {
  /** PUBLIC_URL: the server the document names; absent, the page's own origin (a relative server). */
  publicUrl?: string;
}

/** A route the document leaves out: the catch-all OPTIONS of /v1 (a 404), pages and assets that are not API calls. */
function isApiRoute(route: RegisteredRoute): boolean {
  if (route.path.includes('{*')) return false;
  return route.path.startsWith('/v1/') || route.path === '/healthz';
}

/** The documented operations of the app: each route's doc, from its handler or from external-operations.ts. */
export function documentedRoutes(app: Express): Array<RegisteredRoute & { doc: OperationDoc | undefined }> {
  return routesOf(app)
    .map((route) => ({
      ...route,
      doc: route.handlers.map(operationDocOf).find(Boolean) ?? EXTERNAL_OPERATIONS[`${route.method.toUpperCase()} ${route.path}`],
    }))
    .filter((route) => route.doc !== undefined || isApiRoute(route));
}

/**
 * The OpenAPI 3.1 document of the app's routes, built from the routes Express holds: their paths and methods,
 * and the zod schemas their handlers parse with and answer in (operation.ts). A /v1 route without a doc is
 * left out, which openapi.unit.test.ts (every route documented, and only those) refuses.
 */
export function buildOpenApiDocument(app: Express, options: DocumentOptions = {}): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of documentedRoutes(app)) {
    if (!route.doc) continue;
    paths[route.path] ??= {};
    const operation = operationObject(route.method, route.path, route.doc);
    // Another spelling clients of the original API use (`/v1/webhoooks/:id`, docs/webhooks.md#routes): listed, but as such.
    if (route.alias) Object.assign(operation, { deprecated: true, summary: `${route.doc.summary} (another spelling of this path)` });
    paths[route.path]![route.method] = operation;
  }
  const base = options.publicUrl?.replace(/\/+$/, '') ?? '';
  return {
    openapi: '3.1.0',
    info: {
      title: 'Store Commerce API',
      version: '1.0',
      description: INFO_DESCRIPTION,
    },
    servers: [{ url: base || '/' }],
    tags: tagsOf(paths),
    paths,
    components: {
      schemas: namedSchemas(),
      responses: errorResponses(),
      securitySchemes: securitySchemes(base),
    },
  };
}

const INFO_DESCRIPTION = [
  'Every `/v1` path also answers with `.json` and with a trailing slash (`/v1/store.json`).',
  'Write parameters may be a JSON body, a form body or the query string (the body wins); scalars are loose ' +
    '(`"1500"` is 1500, `"1"` is true), bracket names nest (`owner[email]`), and a list may be JSON text inside a form value.',
  'Every success is HTTP 200 with `{data, meta: {code: 200, api_version: "1.0"}}`; every failure has the one ' +
    'error body (`Error`), its HTTP status equal to `meta.code`.',
  'See docs/api-conventions.md for credentials, rate limits and `Idempotency-Key`.',
].join('\n\n');

function operationObject(method: string, path: string, doc: OperationDoc): Record<string, unknown> {
  const parameters = pathParameters(path);
  const operation: Record<string, unknown> = {
    operationId: operationIdOf(method, path),
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
  };
  const input = doc.input ? toJsonSchema(doc.input, 'input') : undefined;
  const inQuery = method === 'get' || method === 'delete';
  if (input && inQuery) parameters.push(...queryParameters(input));
  if (doc.requestBody) operation.requestBody = doc.requestBody;
  else if (input && !inQuery) {
    operation.requestBody = {
      required: Array.isArray(input.required) && input.required.length > 0,
      content: {
        'application/json': { schema: input },
        'application/x-www-form-urlencoded': { schema: input },
      },
    };
  }
  if (method === 'post' && (doc.idempotencyKey ?? doc.auth !== 'none')) parameters.push(IDEMPOTENCY_KEY);
  if (parameters.length) operation.parameters = parameters;
  operation.responses = {
    '200': { description: 'OK', content: { [doc.answerMediaType ?? 'application/json']: { schema: toJsonSchema(doc.answer, 'output') } } },
    ...Object.fromEntries(
      errorStatusesOf(method, doc, pathIdsOf(path).length > 0).map((status) => [
        String(status),
        { $ref: `#/components/responses/${ERROR_ANSWERS[status]![0]}` },
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(doc.otherAnswers ?? {}).map(([status, { description, body }]) => [
        status,
        { description, content: { 'application/json': { schema: toJsonSchema(body, 'output') } } },
      ]),
    ),
  };
  operation.security = securityOf(method, doc);
  return operation;
}

/** `GET /v1/products/{id}` → `getProductsId`; stable and unique per method and path. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/v1\//, '/')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** Every status an operation of this kind may answer with the error body, besides those its doc names. */
function errorStatusesOf(method: string, doc: OperationDoc, hasPathIds: boolean): number[] {
  const statuses = new Set<number>(doc.errors ?? []);
  if (doc.auth !== 'none') [401, 403, 429].forEach((status) => statuses.add(status));
  if (doc.auth === 'store') statuses.add(405);
  // A write may meet a duplicate, a record still in use or a state that refuses it.
  if (doc.auth !== 'none' && method !== 'get') statuses.add(409);
  if (doc.input) [400, 422].forEach((status) => statuses.add(status));
  if (method === 'post' || method === 'put') statuses.add(413);
  if (hasPathIds) statuses.add(404);
  [500, 503].forEach((status) => statuses.add(status));
  return [...statuses].sort((a, b) => a - b);
}

/** The error answers, each the one error body (`Error`), named by its status's error type. */
const ERROR_ANSWERS: Readonly<Record<number, readonly [string, string]>> = {
  400: ['BadRequest', 'Malformed body or parameters (invalid JSON, too deep, too many parameters)'],
  401: ['Unauthorized', 'Missing or wrong credential'],
  402: ['PaymentDeclined', 'The card was declined; the order is kept as `failed` and its stock released'],
  403: ['Forbidden', '`InsufficientScope`: the token lacks the scope; `OAuthRequired`: an API key on a user call; `Forbidden`'],
  404: ['NotFound', "Unknown id, including another store's records"],
  405: ['MethodNotAllowed', 'An OAuth user without a store calls a store endpoint'],
  409: [
    'Conflict',
    '`Conflict`, `InvalidTransition`, `NothingToShip`, `OutOfStock`, `NotPurchasable`, `StoreClosed`, ' +
      '`CheckoutInProgress`, `PhotoLimit`, `MediaQuotaExceeded`: the record or its state refuses the call',
  ],
  413: ['PayloadTooLarge', 'Body over 1 MB (a photo upload: over 25 MB of image)'],
  422: ['ValidationError', 'Bad field values; `meta.errors` names each field'],
  429: [
    'RateLimited',
    'Over the rate limit, too many failed authentications from the address, or too many open event streams; ' +
      '`Retry-After` says when to retry',
  ],
  500: ['InternalServerError', 'Anything else; no internals are shown'],
  503: ['ServiceUnavailable', 'A backend is down or past its deadline'],
};

function errorResponses(): Record<string, unknown> {
  return Object.fromEntries(
    Object.values(ERROR_ANSWERS).map(([name, description]) => [
      name,
      { description, content: { 'application/json': { schema: { $ref: `${SCHEMA_REF}Error` } } } },
    ]),
  );
}

/** A store call takes the store's API key (three ways) or a token with the scope; a user call only a token (`user`, or its own scope). */
function securityOf(method: string, doc: OperationDoc): unknown[] {
  if (doc.auth === 'none') return [];
  if (doc.auth === 'user') return [{ oauth2: [doc.scope ?? 'user'] }, { access_token: [doc.scope ?? 'user'] }];
  const scope = requiredScope(method.toUpperCase(), doc.scope);
  return [{ api_key: [] }, { api_key_header: [] }, { basic: [] }, { oauth2: [scope] }, { access_token: [scope] }];
}

const SCOPES = {
  store_read: 'Read the store: GET calls',
  store_write: 'Change the store: POST, PUT and DELETE calls',
  user: 'The user: GET /v1/me, POST /v1/stores',
  account: "The owner's account: the store's API key, the user's developer apps and the apps they authorized (docs/oauth.md#scopes)",
};

function securitySchemes(base: string): Record<string, unknown> {
  return {
    api_key: { type: 'apiKey', in: 'query', name: 'api_key', description: "The store's API key (`sck_...`): full access, no scopes" },
    api_key_header: { type: 'apiKey', in: 'header', name: 'API-KEY', description: "The store's API key in a header" },
    basic: { type: 'http', scheme: 'basic', description: "The store's API key as the user name (the password is ignored)" },
    access_token: { type: 'apiKey', in: 'query', name: 'access_token', description: 'An OAuth access token in the query string' },
    oauth2: {
      type: 'oauth2',
      description: 'An OAuth access token, sent as `Authorization: Bearer TOKEN` (docs/oauth.md)',
      flows: {
        authorizationCode: {
          authorizationUrl: `${base}/oauth/authorize`,
          tokenUrl: `${base}/oauth/token`,
          refreshUrl: `${base}/oauth/token`,
          scopes: SCOPES,
        },
      },
    },
  };
}

/** The groups of the docs page, in this order (a tag not listed here goes last). */
const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'Store', description: "The calling key's or user's store, its page templates and visit statistics" },
  { name: 'Products', description: 'Products with their variants and photos' },
  { name: 'Variants', description: "A product's variants" },
  { name: 'Collections', description: 'Ordered sets of products' },
  { name: 'Orders', description: 'Orders, their contents, status changes and fulfillments' },
  { name: 'Discounts', description: 'Discount codes buyers enter at checkout, and how often each is used' },
  { name: 'Tax rates', description: 'The percent each country or state pays, which checkout applies' },
  { name: 'Shipping', description: 'Shipping groups, classes and the rate of each pair' },
  { name: 'Webhooks', description: 'Webhooks, their deliveries and their repair, and the events feed' },
  { name: 'E-mail notifications', description: "The store's e-mail templates and the log of the messages sent to buyers and the store" },
  { name: 'Users', description: 'The OAuth user (scope `user`)' },
  {
    name: 'Account',
    description: "The owner's account (scope `account`, OAuth only): the store's API key, developer apps, authorized apps",
  },
  { name: 'Applications', description: "An app's own calls (its client id and secret)" },
  { name: 'Checkout', description: 'The buyer path: no owner credential' },
  { name: 'Operations', description: 'Health and this document' },
];

function tagsOf(paths: Record<string, Record<string, unknown>>): Array<{ name: string; description?: string }> {
  const used = new Set<string>();
  for (const operations of Object.values(paths))
    for (const operation of Object.values(operations)) for (const tag of (operation as { tags: string[] }).tags) used.add(tag);
  const known = TAGS.filter((tag) => used.has(tag.name));
  return [...known, ...[...used].filter((name) => !TAGS.some((tag) => tag.name === name)).map((name) => ({ name }))];
}
