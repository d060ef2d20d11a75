// Builds the dashboard with Vite into dist/, unless dist/ was built from exactly these sources (docs/dashboard.md#how-it-is-built):
// `npm start` and `npm test` build every time, and an unchanged dashboard then costs a hash of its sources, not a bundle.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const sdkDist = path.resolve(root, '../../libs/sdk/dist');
const stamp = path.join(root, 'dist', '.sources.sha256');

function filesUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.map') && !entry.name.endsWith('.tsbuildinfo'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function sourcesHash() {
  const hash = createHash('sha256');
  const files = [
    ...filesUnder(path.join(root, 'src')),
    ...['index.html', 'vite.config.ts', 'package.json'].map((name) => path.join(root, name)),
    ...filesUnder(sdkDist).filter((file) => file.endsWith('.js')),
  ].sort();
  for (const file of files) hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const wanted = sourcesHash();
if (process.argv.includes('--force') || !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== wanted) {
  const { build } = await import('vite');
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  compressAssets(path.join(root, 'dist', 'assets'));
  fs.writeFileSync(stamp, wanted);
}

/** Brotli and gzip copies beside each script and stylesheet, which the gateway sends to browsers that take them. */
function compressAssets(dir) {
  for (const file of filesUnder(dir).filter((name) => /\.(js|css|svg)$/.test(name))) {
    const body = fs.readFileSync(file);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  }
}
