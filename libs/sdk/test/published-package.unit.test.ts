import fs from 'node:fs';
import path from 'node:path';

/**
 * The SDK is published on its own (libs/sdk/README.md#what-it-depends-on): its build needs nothing of the
 * monorepo, only node and its three dependencies. Reads the built dist, which `npm test` builds (typecheck) first.
 */

const SDK = path.resolve(__dirname, '..');
const ALLOWED = ['eventsource-parser', 'openapi-fetch', 'standardwebhooks'];
/** Module names the built files may import: the dependencies, and the parser's stream entry. */
const IMPORTABLE = [...ALLOWED, 'eventsource-parser/stream'];

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesOf(full) : [full];
  });
}

/** Every module specifier a built file names: require("x") in .js, `from 'x'` and import("x") in .d.ts. */
function specifiersOf(source: string): string[] {
  return [...source.matchAll(/require\("([^"]+)"\)|from ['"]([^'"]+)['"]|import\(["']([^"']+)["']\)/g)].map(
    (match) => match[1] ?? match[2] ?? match[3]!,
  );
}

describe('the published package @commerce/sdk', () => {
  it('imports, at run time and in its types, only node, its three dependencies and its own files', () => {
    const dist = path.join(SDK, 'dist');
    expect({ built: fs.existsSync(path.join(dist, 'index.js')) }).toEqual({ built: true }); // run `npm run build`
    const foreign = filesOf(dist)
      .filter((file) => /\.(js|d\.ts)$/.test(file))
      .flatMap((file) => specifiersOf(fs.readFileSync(file, 'utf8')).map((specifier) => ({ file: path.relative(SDK, file), specifier })))
      .filter(
        ({ specifier }) =>
          !specifier.startsWith('./') && !specifier.startsWith('../') && !specifier.startsWith('node:') && !IMPORTABLE.includes(specifier),
      );
    expect(foreign).toEqual([]);
  });

  it('declares those three as its only dependencies, and its entry point and types for require and import', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(SDK, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies).sort()).toEqual(ALLOWED);
    expect(manifest).toMatchObject({
      name: '@commerce/sdk',
      main: 'dist/index.js',
      types: 'dist/index.d.ts',
      exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
      files: expect.arrayContaining(['dist', 'README.md']),
    });
    expect(manifest.private).toBeUndefined();
  });
});
