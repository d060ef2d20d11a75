#!/usr/bin/env node
// Writes libs/sdk/src/generated/openapi.ts: the types openapi-typescript makes of the gateway's /v1/openapi.json.
// The document is built from the built gateway (gateway/dist, built first here with `tsc -b`), as the gateway builds
// it on its first request, without any backend: the routes Express holds are the document (docs/api-conventions.md).
//   node libs/sdk/scripts/generate.js                 build the gateway, write the types (root `npm run gen` runs it)
//   node libs/sdk/scripts/generate.js --from doc.json write the types of a document already built
//   ... --check                                       write nothing; exit 1 when the committed file differs
// libs/sdk/test/openapi-types.fresh.int.test.ts runs the check on the document built from the gateway's source, in
// `npm test` (npm run gen:check runs before the build, so it cannot need gateway/dist).
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../../..');
const committed = path.join(root, 'libs/sdk/src/generated/openapi.ts');

function argument(name) {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

/** The document as GET /v1/openapi.json answers it, from the built gateway on stub backends (nothing is called). */
function documentOfBuiltGateway() {
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', path.join(root, 'gateway')], {
    stdio: 'inherit',
  });
  const dist = (file) => require(path.join(root, 'gateway/dist', file));
  const { createGatewayApp } = dist('app');
  const { Authenticator } = dist('auth/authenticator');
  const { ApiKeyCache } = dist('auth/api-key.cache');
  const { LeakyBucket } = dist('rate-limit/leaky-bucket');
  const { buildOpenApiDocument } = dist('openapi/document');
  const { createLogger } = require(path.join(root, 'libs/observability/dist'));
  const app = createGatewayApp({
    clients: {},
    authenticator: new Authenticator({}, new ApiKeyCache(), { secret: 's'.repeat(32), issuer: 'sdk', audience: 'sdk' }),
    rateLimiter: new LeakyBucket(),
    backends: [],
    logger: createLogger({ service: 'gateway', level: 'silent' }),
  });
  return buildOpenApiDocument(app);
}

/** The TypeScript of the document: openapi-typescript's own output, as its CLI writes it. */
async function typesOf(document) {
  const { default: openapiTS, astToString, COMMENT_HEADER } = await import('openapi-typescript');
  const ast = await openapiTS(document, { silent: true });
  return COMMENT_HEADER + astToString(ast);
}

async function main() {
  const from = argument('--from');
  const document = from ? JSON.parse(fs.readFileSync(from, 'utf8')) : documentOfBuiltGateway();
  const types = await typesOf(document);
  if (process.argv.includes('--check')) {
    const existing = fs.existsSync(committed) ? fs.readFileSync(committed, 'utf8') : '';
    if (existing !== types) {
      console.error('libs/sdk/src/generated/openapi.ts is stale: run `npm run gen` and commit.');
      process.exit(1);
    }
    console.log('The SDK types are up to date.');
    return;
  }
  fs.mkdirSync(path.dirname(committed), { recursive: true });
  fs.writeFileSync(committed, types);
  console.log(`Wrote ${path.relative(root, committed)}.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
