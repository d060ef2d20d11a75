// `npm test`'s jest step (README.md#tests-and-benchmarks). The stack project (the built processes, mostly waiting on
// them) and the in-process projects (unit, integration, deploy) run as two jest processes side by side, so a 2-core
// machine is busy while the stacks wait: the stack's output streams as it comes, the other run's output is printed
// whole when it ends, and the last line is their sum, `N passed, N failed`. Any arguments run one jest with them.
const { spawn } = require('node:child_process');
const path = require('node:path');

const JEST = path.join(__dirname, '..', 'node_modules', 'jest', 'bin', 'jest.js');
const COUNT = /^(\d+) passed, (\d+) failed$/;

/** One jest run; `live` streams its output line by line, otherwise it is held and printed whole at the end. */
function runJest(args, { live, onEnd, env }) {
  const child = spawn(process.execPath, [JEST, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const held = [];
  let count;
  const take = (stream, out) => {
    let partial = '';
    stream.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      for (const line of lines) {
        const match = COUNT.exec(line);
        if (match) count = { passed: Number(match[1]), failed: Number(match[2]) };
        if (live) out.write(`${line}\n`);
        else held.push([out, `${line}\n`]);
      }
    });
    stream.on('end', () => {
      if (!partial) return;
      if (live) out.write(partial);
      else held.push([out, partial]);
    });
  };
  take(child.stdout, process.stdout);
  take(child.stderr, process.stderr);
  return {
    child,
    done: new Promise((resolve) => {
      child.on('close', (code, signal) => {
        for (const [out, text] of held) out.write(text);
        onEnd?.();
        // A run that printed no count stopped before its tests ended: it counts as one failure.
        resolve({ code: code ?? 1, signal, count: count ?? { passed: 0, failed: 1 } });
      });
    }),
  };
}

async function main() {
  const extra = process.argv.slice(2);
  const runs =
    extra.length > 0
      ? [runJest(extra, { live: true })]
      : [
          // Each run picks its free ports from a range of its own (libs/config/src/free-port.ts): a port one run picked
          // could otherwise be bound by the other before the process it was picked for binds it.
          runJest(['--selectProjects', 'stack'], { live: true, env: { FREE_PORTS: '20000-25999' } }),
          runJest(['--selectProjects', 'unit', 'integration', 'deploy'], {
            live: false,
            env: { FREE_PORTS: '26000-31999' },
            onEnd: () => process.stderr.write('\n(unit, integration and deploy ran alongside the stack tests above)\n'),
          }),
        ];
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => runs.forEach(({ child }) => child.kill(signal)));
  const results = await Promise.all(runs.map(({ done }) => done));
  const passed = results.reduce((sum, { count }) => sum + count.passed, 0);
  const failed = results.reduce((sum, { count }) => sum + count.failed, 0);
  if (results.length > 1) process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exitCode = results.some(({ code }) => code !== 0) ? 1 : 0;
}

void main();
