import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { removeDir, tempDir } from '@commerce/testing';
import type { ApiKeyIdentityClient } from '../../../gateway/src/auth/authenticator';
import type { BackendClients } from '../../../gateway/src/clients';
import { aGatewayApp } from '../../../gateway/src/app.fixture';
import { buildOpenApiDocument } from '../../../gateway/src/openapi/document';

/**
 * libs/sdk/src/generated/openapi.ts is the gateway's document as openapi-typescript writes it: this builds the
 * document from the gateway's source (as openapi.tools.int.test.ts does) and runs the generator's check on it.
 * A jest test rather than part of `npm run gen:check`, which runs before anything is built.
 */

const GENERATOR = path.resolve(__dirname, '../scripts/generate.js');
let dir: string;

beforeAll(async () => {
  dir = await tempDir('sdk-types-');
});
afterAll(() => removeDir(dir));

it('holds the types of the document the gateway serves now (else: run `npm run gen` and commit)', async () => {
  const app = aGatewayApp({} as BackendClients, {} as ApiKeyIdentityClient);
  const documentPath = path.join(dir, 'openapi.json');
  await writeFile(documentPath, JSON.stringify(buildOpenApiDocument(app)));

  const check = await new Promise<{ code: number; stderr: string }>((resolve) =>
    execFile(process.execPath, [GENERATOR, '--check', '--from', documentPath], (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    ),
  );

  expect(check).toEqual({ code: 0, stderr: '' });
}, 60_000);
