import { execFileSync } from 'node:child_process';
import type { Express } from 'express';
import { aGatewayApp } from '../app.fixture';
import type { ApiKeyIdentityClient } from '../auth/authenticator';
import type { BackendClients } from '../clients';
import { createHttpServer } from '../fast-path/http-server';
import { buildOpenApiDocument } from './document';

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<string, unknown>;
        security: unknown[];
        parameters?: Array<{ name: string; in: string; schema?: unknown }>;
        requestBody?: unknown;
      }
    >
  >;
} & Record<string, unknown>;

/** The document builds from the routes; no backend is called. */
const app = (publicUrl?: string) => aGatewayApp({} as BackendClients, {} as ApiKeyIdentityClient, { publicUrl });

/**
 * @seriousme/openapi-schema-validator is ESM only, which jest's CommonJS runtime cannot load: it runs in a node
 * of its own, the document on its standard input.
 */
function validate(document: unknown): { valid: boolean; version?: string; errors?: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors }));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(document), cwd: __dirname });
  return JSON.parse(output.toString('utf8')) as { valid: boolean; version?: string; errors?: unknown };
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
}

/** What Express routes, walked here on its own (not with the document's code): `GET /v1/products/{id}`... */
function registeredOperations(express: Express): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = [layer.route.path].flat();
        for (const method of Object.keys(layer.route.methods))
          for (const path of paths) found.push(`${method.toUpperCase()} ${(prefix + path).replace(/:(\w+)/g, '{$1}')}`);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '');
      }
    }
  };
  walk((express as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found;
}

function documentedOperations(document: Document): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe('the OpenAPI document', () => {
  const gateway = app('https://api.example.com');
  const document = buildOpenApiDocument(gateway, { publicUrl: 'https://api.example.com' }) as Document;

  it('is a valid OpenAPI 3.1 document', () => {
    const result = validate(document);
    expect(result.errors).toBeUndefined();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
  });

  it('the validator refuses a broken document (so the check above can fail)', () => {
    const broken = structuredClone(document);
    (broken.paths['/v1/products']!.get as Record<string, unknown>).responses = 'none';
    expect(validate(broken).valid).toBe(false);
  });

  it('documents every /v1 route, /healthz, OAuth discovery, the JSON checkout and its quote, and nothing it does not serve', () => {
    const served = registeredOperations(gateway).filter(
      (operation) =>
        (operation.includes(' /v1/') && !operation.startsWith('OPTIONS ')) ||
        operation === 'GET /healthz' ||
        operation === 'GET /.well-known/oauth-authorization-server' ||
        operation === 'POST /s/{subdomain}/checkout' ||
        operation === 'POST /s/{subdomain}/checkout/quote',
    );
    expect(served.length).toBeGreaterThan(60);
    expect(new Set(documentedOperations(document))).toEqual(new Set(served));
  });

  it('names the server, the API key in three ways and OAuth 2 with its scopes', () => {
    expect(document.servers).toEqual([{ url: 'https://api.example.com' }]);
    const schemes = (document.components as { securitySchemes: Record<string, Record<string, unknown>> }).securitySchemes;
    expect(schemes.api_key).toEqual(expect.objectContaining({ type: 'apiKey', in: 'query', name: 'api_key' }));
    expect(schemes.api_key_header).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'API-KEY' }));
    expect(schemes.basic).toEqual(expect.objectContaining({ type: 'http', scheme: 'basic' }));
    expect(schemes.oauth2).toMatchObject({
      type: 'oauth2',
      flows: {
        authorizationCode: { authorizationUrl: 'https://api.example.com/oauth/authorize', tokenUrl: 'https://api.example.com/oauth/token' },
      },
    });
    expect(
      Object.keys((schemes.oauth2 as { flows: { authorizationCode: { scopes: object } } }).flows.authorizationCode.scopes).sort(),
    ).toEqual(['account', 'store_read', 'store_write', 'user']);
  });

  it('lists the other spelling of a path as deprecated', () => {
    expect(document.paths['/v1/webhooks/{id}']!.put).not.toHaveProperty('deprecated');
    expect(document.paths['/v1/webhoooks/{id}']!.put).toMatchObject({ deprecated: true });
    expect(document.paths['/v1/webhoooks/{id}/replay']!.post).toMatchObject({ deprecated: true });
  });

  it('asks each operation for the credential it takes', () => {
    expect(document.paths['/v1/products']!.get!.security).toContainEqual({ oauth2: ['store_read'] });
    expect(document.paths['/v1/products']!.post!.security).toContainEqual({ oauth2: ['store_write'] });
    expect(document.paths['/v1/products']!.get!.security).toContainEqual({ api_key: [] });
    expect(document.paths['/v1/me']!.get!.security).toEqual([{ oauth2: ['user'] }, { access_token: ['user'] }]);
    // The account calls take no API key: only the owner's token with `account` (docs/oauth.md#the-account-api).
    expect(document.paths['/v1/store/api_key']!.post!.security).toEqual([{ oauth2: ['account'] }, { access_token: ['account'] }]);
    expect(document.paths['/v1/apps/{client_id}']!.delete!.parameters).toContainEqual(
      expect.objectContaining({ name: 'client_id', in: 'path', schema: { type: 'string', maxLength: 100 } }),
    );
    expect(document.paths['/v1/openapi']!.get!.security).toEqual([]);
    expect(document.paths['/s/{subdomain}/checkout']!.post!.security).toEqual([]);
  });

  it('describes inputs from the schemas the routes parse with: query parameters on GET, a JSON or form body on POST and PUT', () => {
    const list = document.paths['/v1/products']!.get!;
    expect(list.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'page', in: 'query' }),
        expect.objectContaining({ name: 'updated_at_min', in: 'query' }),
      ]),
    );
    const create = document.paths['/v1/products']!.post!.requestBody as {
      content: Record<string, { schema: { properties: object; required: string[] } }>;
    };
    expect(Object.keys(create.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(create.content['application/json']!.schema.required).toEqual(['name']);
    expect(Object.keys(create.content['application/json']!.schema.properties)).toEqual(
      expect.arrayContaining(['name', 'price', 'cents', 'tag_list']),
    );
    expect(document.paths['/v1/products/{id}']!.put!.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
  });

  it('says something of every input field: none is an empty schema (what zod cannot express is described by hand)', () => {
    const empty: string[] = [];
    const visit = (schema: unknown, where: string): void => {
      if (schema === null || typeof schema !== 'object') return;
      if (Object.keys(schema).length === 0) empty.push(where);
      for (const [key, child] of Object.entries(schema)) if (typeof child === 'object') visit(child, `${where}.${key}`);
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const parameter of operation.parameters ?? []) visit(parameter.schema, `${method} ${path} ${parameter.name}`);
        visit(operation.requestBody, `${method} ${path} body`);
      }
    }
    expect(empty).toEqual([]);
    const price = (
      document.paths['/v1/products']!.post!.requestBody as { content: Record<string, { schema: { properties: Record<string, unknown> } }> }
    ).content['application/json']!.schema.properties.price;
    expect(price).toEqual(expect.objectContaining({ description: expect.stringContaining('decimal') }));
  });

  it('answers with the named shapes, and every error with the one error body', () => {
    const get = document.paths['/v1/products/{id}']!.get!.responses;
    expect(JSON.stringify(get['200'])).toContain('"$ref":"#/components/schemas/Product"');
    expect(get['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(get['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(document.paths['/v1/products']!.post!.responses['422']).toEqual({ $ref: '#/components/responses/ValidationError' });
    expect(document.paths['/s/{subdomain}/checkout']!.post!.responses['402']).toEqual({ $ref: '#/components/responses/PaymentDeclined' });
    const responses = (document.components as { responses: Record<string, unknown> }).responses;
    expect(responses.ValidationError).toEqual(
      expect.objectContaining({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }),
    );
  });

  it('defines each named schema by its body, never as a reference (the shape Redocly and openapi-typescript refused as circular)', () => {
    const schemas = (document.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
    expect(Object.keys(schemas).length).toBeGreaterThan(20);
    expect(
      Object.entries(schemas)
        .filter(([, schema]) => '$ref' in schema || schema.type !== 'object')
        .map(([name]) => name),
    ).toEqual([]);
    expect(schemas.Product).toMatchObject({
      type: 'object',
      properties: {
        name: { type: 'string' },
        variants: { type: 'array', items: { properties: { variant: { $ref: '#/components/schemas/Variant' } } } },
      },
    });
    expect(schemas.Order).toMatchObject({ properties: { fulfillments: { items: { $ref: '#/components/schemas/Fulfillment' } } } });
  });

  it('describes every operation and every parameter', () => {
    const undescribed: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations) as Array<
        [string, { description?: string; parameters?: Array<{ name: string; in: string; description?: string }> }]
      >) {
        if (!operation.description?.trim()) undescribed.push(`${method.toUpperCase()} ${path}`);
        for (const parameter of operation.parameters ?? [])
          if (!parameter.description?.trim())
            undescribed.push(`${method.toUpperCase()} ${path}: ${parameter.in} parameter ${parameter.name}`);
      }
    }
    expect(undescribed).toEqual([]);
  });

  it('has no reference to a schema it does not define', () => {
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((name) => !(name in schemas))).toEqual([]);
  });
});

describe('GET /v1/openapi.json', () => {
  it('answers the document without a credential, at every spelling of the path', async () => {
    const server = createHttpServer(app());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      for (const path of ['/v1/openapi.json', '/v1/openapi', '/v1/openapi/']) {
        const answer = await fetch(`http://127.0.0.1:${port}${path}`);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
        const body = (await answer.json()) as Document;
        expect(body.openapi).toBe('3.1.0');
        expect(body.servers).toEqual([{ url: '/' }]);
        expect(Object.keys(body.paths)).toContain('/v1/products/{id}');
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('GET /docs', () => {
  it('answers the page and the Swagger UI files it loads, with its security headers, and no other file of the package', async () => {
    const server = createHttpServer(app('https://api.example.com'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const base = `http://127.0.0.1:${port}`;
      const page = await fetch(`${base}/docs`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toBe(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' " +
          "https://api.example.com; font-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
      );
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      const html = await page.text();
      expect(html).toContain('<script src="/docs/swagger-ui-bundle.js"></script>');
      expect(html).not.toMatch(/https?:\/\//);

      const bundle = await fetch(`${base}/docs/swagger-ui-bundle.js`);
      expect(bundle.status).toBe(200);
      expect(bundle.headers.get('content-type')).toMatch(/javascript/);
      expect((await bundle.text()).length).toBeGreaterThan(100_000);
      const init = await (await fetch(`${base}/docs/init.js`)).text();
      expect(init).toContain("url: '/v1/openapi.json'");
      expect(init).toContain('validatorUrl: null');
      for (const path of ['/docs/package.json', '/docs/constructor', '/docs/__proto__', '/docs/..%2Fpackage.json', '/docs/index.html']) {
        expect((await fetch(`${base}${path}`)).status).toBe(404);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
