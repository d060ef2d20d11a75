'use strict';
// Diagnostic only (BENCH_PHASE_PROF_DIR). Like cpu-prof.preload.js, but the profile covers chosen
// phases of a benchmark rather than the process's whole life: every process of the stack loads it,
// and the ones named in BENCH_PHASE_PROF_TARGETS (default "gateway,catalog") toggle their CPU
// profiler on SIGUSR2. The first signal starts a profile named by the file `<dir>/phase` (written by
// the bench just before it signals), the next writes `<name>.<pid>.<phase>.cpuprofile` and stops.
const fs = require('node:fs');
const path = require('node:path');
const { profilerSession } = require('./profiler-session');

const dir = process.env.BENCH_PHASE_PROF_DIR;
const profiled = profilerSession(dir, process.env.BENCH_PHASE_PROF_TARGETS || 'gateway,catalog');

if (profiled) {
  const { name, session } = profiled;
  let phase;
  process.on('SIGUSR2', () => {
    if (phase === undefined) {
      try {
        phase = fs.readFileSync(path.join(dir, 'phase'), 'utf8').trim() || 'phase';
      } catch {
        phase = 'phase';
      }
      session.post('Profiler.start');
      return;
    }
    const done = phase;
    phase = undefined;
    session.post('Profiler.stop', (err, result) => {
      if (err) return process.stderr.write(`phase-prof: ${err.message}\n`);
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${name}.${process.pid}.${done}.cpuprofile`);
      // Written under a temporary name first: the bench waits for the final name to appear.
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(result.profile));
      fs.renameSync(`${file}.tmp`, file);
    });
  });
}
