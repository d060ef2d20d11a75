'use strict';
// Summarizes a V8 .cpuprofile (from `BENCH_CPU_PROF_DIR=... npm run bench`): where the process
// spent its time, by function (self and inclusive) and by package/area (self).
// Usage: node test/bench/profile-summary.js <file.cpuprofile> [top=25]
const fs = require('node:fs');
const path = require('node:path');

const REPO_ROOT = path.resolve(__dirname, '../..');

function areaOf(url) {
  if (!url) return '(native/vm)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const file = url.replace(/^file:\/\//, '');
  const nm = file.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const parts = file.slice(nm + '/node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const relative = path.relative(REPO_ROOT, file);
  return relative.startsWith('..') ? file : relative.split('/').slice(0, 2).join('/');
}

process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0); // piped into head
  throw error;
});

function main() {
  const [file, topArg] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: node test/bench/profile-summary.js <file.cpuprofile> [top]\n');
    process.exit(2);
  }
  const top = Number(topArg ?? 25);
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const keyOf = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.startsWith('node:') ? url : path.relative(REPO_ROOT, url.replace(/^file:\/\//, ''));
    const where = url ? `${file}:${lineNumber + 1}` : '';
    return `${functionName || '(anonymous)'} ${where}`.trim();
  };

  const self = new Map();
  const inclusive = new Map();
  const areas = new Map();
  const charged = new Map();
  const nodeEntries = new Map();
  let total = 0;
  let idle = 0;
  let startup = 0;
  const isStartup = (id) => {
    for (let current = id; current !== undefined; current = parent.get(current)) {
      const { functionName, url } = nodes.get(current).callFrame;
      if (url === 'node:internal/modules/cjs/loader' && functionName === 'Module._load') return true;
    }
    return false;
  };
  /** The first frame from the leaf that is not Node's own code: who made Node do this work. */
  const chargedArea = (id) => {
    for (let current = id; current !== undefined; current = parent.get(current)) {
      const { functionName, url } = nodes.get(current).callFrame;
      if (functionName === '(garbage collector)') return '(gc)';
      if (url && !url.startsWith('node:')) return areaOf(url);
    }
    return '(node, no JS caller: I/O callbacks, http parser, timers)';
  };
  // A sample whose interval is far longer than the sampling period is no measurement: the process
  // was stopped or descheduled (typically the last sample, spanning the shutdown). Left out.
  const GAP_US = 100_000;
  let gaps = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    if (delta > GAP_US) {
      gaps += delta;
      return;
    }
    total += delta;
    const node = nodes.get(id);
    const name = node.callFrame.functionName;
    if (name === '(idle)') {
      idle += delta;
      return;
    }
    if (isStartup(id)) {
      startup += delta;
      return;
    }
    const chargedTo = chargedArea(id);
    charged.set(chargedTo, (charged.get(chargedTo) ?? 0) + delta);
    if (chargedTo.startsWith('(node')) {
      // Which Node entry point (the frame under the root) ran this work.
      let entry = id;
      while (parent.get(entry) !== undefined && parent.get(parent.get(entry)) !== undefined) entry = parent.get(entry);
      const key = keyOf(nodes.get(entry));
      nodeEntries.set(key, (nodeEntries.get(key) ?? 0) + delta);
    }
    const key = keyOf(node);
    self.set(key, (self.get(key) ?? 0) + delta);
    const area = name === '(garbage collector)' ? '(gc)' : name === '(program)' ? '(program)' : areaOf(node.callFrame.url);
    areas.set(area, (areas.get(area) ?? 0) + delta);
    const seen = new Set();
    for (let current = id; current !== undefined; current = parent.get(current)) {
      const k = keyOf(nodes.get(current));
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + delta);
    }
  });

  const busy = total - idle - startup;
  const pct = (us) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
  const print = (title, map, limit) => {
    process.stdout.write(`\n${title}\n`);
    for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit))
      process.stdout.write(`  ${pct(us)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}\n`);
  };
  process.stdout.write(
    `${file}\nsampled ${(total / 1e6).toFixed(1)} s (plus ${(gaps / 1e6).toFixed(1)} s of gaps left out): ` +
      `idle ${(idle / 1e6).toFixed(1)} s, module loading ${(startup / 1e6).toFixed(1)} s (left out), ` +
      `busy ${(busy / 1e6).toFixed(1)} s (percentages are of busy time)\n`,
  );
  print('self time by area', areas, top);
  print('time by package, Node internals charged to the package that called them', charged, top);
  print('  of which Node work with no JS caller, by entry point', nodeEntries, 10);
  print('self time by function', self, top);
  inclusive.delete('(root)');
  print('inclusive time by function', inclusive, top);
}

main();
