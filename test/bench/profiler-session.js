'use strict';
// The part cpu-prof.preload.js and phase-prof.preload.js share: is this process of the stack one of
// the named targets, and if so an inspector session with the profiler enabled at 200 µs sampling
// (fine enough for sub-millisecond request paths, cheap enough to leave the figures meaningful).
const path = require('node:path');

/** `{ name, session }` when `dir` is set and this process's entry is one of `targets` (comma list), else undefined. */
function profilerSession(dir, targets) {
  const entry = process.argv[1] || '';
  const name = targets
    .split(',')
    .map((target) => target.trim())
    .filter(Boolean)
    .find((target) => entry.endsWith(path.join(target, 'dist/main.js')));
  if (!dir || !name) return undefined;
  const inspector = require('node:inspector');
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  return { name, session };
}

module.exports = { profilerSession };
