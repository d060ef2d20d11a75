#!/usr/bin/env node
// Regenerates the ts-proto contracts from proto/ with buf (npm package) and the ts-proto plugin.
// `--check` generates into a scratch directory and fails when the committed code differs.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const protoDir = __dirname;
const root = path.dirname(protoDir);
const committed = path.join(root, 'libs/contracts/src/gen');
const buf = path.join(root, 'node_modules/.bin/buf');
const check = process.argv.includes('--check');

function run(args, cwd = protoDir) {
  execFileSync(buf, args, { cwd, stdio: 'inherit' });
}

function listFiles(dir, base = dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
}

run(['lint']);
const outDir = check ? fs.mkdtempSync(path.join(os.tmpdir(), 'contracts-gen-')) : committed;
if (!check) fs.rmSync(committed, { recursive: true, force: true });
// buf resolves the plugin's `out` relative to the template; point it at the chosen directory.
const template = fs.readFileSync(path.join(protoDir, 'buf.gen.yaml'), 'utf8').replace('../libs/contracts/src/gen', outDir);
run(['generate', '--template', template]);

if (check) {
  const fresh = listFiles(outDir).sort();
  const existing = listFiles(committed).sort();
  const stale = [...new Set([...fresh, ...existing])].filter((file) => {
    const a = path.join(outDir, file);
    const b = path.join(committed, file);
    return !fs.existsSync(a) || !fs.existsSync(b) || !fs.readFileSync(a).equals(fs.readFileSync(b));
  });
  fs.rmSync(outDir, { recursive: true, force: true });
  if (stale.length > 0) {
    console.error(`Generated contracts are stale; run \`npm run gen\` and commit. Differs: ${stale.join(', ')}`);
    process.exit(1);
  }
  console.log('Generated contracts are up to date.');
}
