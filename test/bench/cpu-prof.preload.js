'use strict';
// Diagnostic only. Node refuses --cpu-prof in NODE_OPTIONS, so run.js puts
// `--require <this file>` there when BENCH_CPU_PROF_DIR is set. Every process of the stack loads it,
// but only the ones named in BENCH_CPU_PROF_TARGETS (default "gateway"; e.g. "gateway,storefront")
// profile themselves: CPU profiler on from the start, `<name>.<pid>.cpuprofile` written on exit.
const fs = require('node:fs');
const path = require('node:path');
const { profilerSession } = require('./profiler-session');

const dir = process.env.BENCH_CPU_PROF_DIR;
const profiled = profilerSession(dir, process.env.BENCH_CPU_PROF_TARGETS || 'gateway');

if (profiled) {
  const { name, session } = profiled;
  session.post('Profiler.start');
  process.once('exit', () => {
    // Same-thread inspector sessions answer synchronously, so this completes inside the exit handler.
    session.post('Profiler.stop', (err, result) => {
      if (err) return process.stderr.write(`cpu-prof: ${err.message}\n`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${name}.${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
