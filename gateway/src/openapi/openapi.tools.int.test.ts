import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { removeDir, tempDir } from '@commerce/testing';
import ts from 'typescript';
import type { ApiKeyIdentityClient } from '../auth/authenticator';
import type { BackendClients } from '../clients';
import { aGatewayApp } from '../app.fixture';
import { buildOpenApiDocument } from './document';

/**
 * GET /v1/openapi.json read by the tools app developers point at it, each run once as its CLI from npm: Redocly
 * CLI's lint (redocly.yaml at the repository root) and openapi-typescript, whose types TypeScript then checks.
 * The Swagger UI of /docs is checked in Chromium by test/stack/api-docs.browser.test.ts.
 */

const REPO_ROOT = path.resolve(__dirname, '../../..');
const binOf = (pkg: string, bin: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), bin);

// The machine that runs the suite may have no network: Redocly's usage telemetry and its npm update check are
// off by these variables (redocly.yaml also says `telemetry: off`), so no call waits on a host it cannot reach.
const OFFLINE = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
/** Each takes 1-5 s alone; a loaded 2-core machine can triple that. */
const TOOL_TIMEOUT_MS = 60_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(bin: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd, env: { ...process.env, ...OFFLINE }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dir: string;
let documentPath: string;

beforeAll(async () => {
  dir = await tempDir('openapi-tools-');
  documentPath = path.join(dir, 'openapi.json');
  const app = aGatewayApp({} as BackendClients, {} as ApiKeyIdentityClient, { publicUrl: 'https://api.example.com' });
  await writeFile(documentPath, JSON.stringify(buildOpenApiDocument(app, { publicUrl: 'https://api.example.com' })));
});

afterAll(() => removeDir(dir));

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer?: string }>;
}

describe('Redocly CLI', () => {
  it(
    "lints the document with the repository's ruleset (recommended, descriptions required) and finds no problem",
    async () => {
      const lint = await run(
        binOf('@redocly/cli', 'bin/cli.js'),
        ['lint', '--config', path.join(REPO_ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '10000', documentPath],
        dir,
      );
      const report = JSON.parse(lint.stdout || '{}') as { totals?: { errors: number; warnings: number }; problems?: LintProblem[] };
      const problems = (report.problems ?? []).map(
        (problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
      );
      expect({ stderr: lint.code === 0 ? '' : lint.stderr, problems }).toEqual({ stderr: '', problems: [] });
      expect(report.totals).toEqual(expect.objectContaining({ errors: 0, warnings: 0 }));
    },
    TOOL_TIMEOUT_MS,
  );
});

/**
 * The files, written beside the generated types, and what TypeScript says of them (strict, as app code compiles;
 * ES5's lib is enough and quick).
 */
async function typeErrorsOf(files: Record<string, string>): Promise<Array<{ file: string; line: number; code: number; message: string }>> {
  await Promise.all(Object.entries(files).map(([name, source]) => writeFile(path.join(dir, name), source)));
  const program = ts.createProgram(
    Object.keys(files).map((name) => path.join(dir, name)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      lib: ['lib.es5.d.ts'],
      skipLibCheck: true,
      types: [],
    },
  );
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
    file: path.basename(diagnostic.file?.fileName ?? ''),
    line: diagnostic.file ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1 : 0,
    code: diagnostic.code,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
  }));
}

const ANSWERS = `import type { paths } from './api';
type Json<P extends keyof paths, M extends keyof paths[P]> =
  paths[P][M] extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
export declare const product: Json<'/v1/products/{id}', 'get'>;
export declare const products: Json<'/v1/products', 'get'>;
export declare const order: Json<'/v1/orders/{id}', 'get'>;
`;

describe('openapi-typescript', () => {
  it(
    "generates types in which a product's name is a string and an order item's quantity a number, not `unknown`",
    async () => {
      const generate = await run(binOf('openapi-typescript', 'bin/cli.js'), [documentPath, '--output', path.join(dir, 'api.ts')], dir);
      expect({ code: generate.code, stderr: generate.code === 0 ? '' : generate.stderr }).toEqual({ code: 0, stderr: '' });

      const errors = await typeErrorsOf({
        'answers.ts': ANSWERS,
        'fits.ts': [
          "import { order, product, products } from './answers';",
          'export const name: string = product.data.name;',
          'export const listed: string | undefined = products.data.products[0]?.name;',
          'export const quantity: number | undefined = order.data.items[0]?.item.quantity;',
          'export const variantPrice: number | undefined = product.data.variants[0]?.variant.price;',
          'export const total: number = products.pagination.total;',
        ].join('\n'),
        // Must not compile: typed `any`, the answer would let this through as it lets everything through.
        'refused.ts': ["import { product } from './answers';", 'export const name: number = product.data.name;'].join('\n'),
      });
      expect(errors).toEqual([
        expect.objectContaining({ file: 'refused.ts', line: 2, code: 2322, message: "Type 'string' is not assignable to type 'number'." }),
      ]);
    },
    TOOL_TIMEOUT_MS,
  );
});
