'use strict';
// Shared by the benchmarks of `npm run bench`: owned child processes with ordered teardown, the stack
// started as `npm start` runs it, the operator CLI, the load generator and CPU accounting from /proc.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createInterface } = require('node:readline');
// Built by `npm run bench` before it runs: ports below the range outgoing connections take theirs from.
const { freePort, SERVICE_NAMES: SERVICES } = require('@commerce/config');

const REPO_ROOT = path.resolve(__dirname, '../..');
const READY_MARKER = 'Store Commerce is running';
/** High enough that the limiter never refuses a request during a run (the gateway reads both). */
const WIDE_OPEN_RATE_LIMIT = '1000000000';

function envNumber(name, fallback, { allowZero = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0))
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got "${raw}"`);
  return value;
}

const log = (message) => process.stderr.write(`[bench] ${message}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Teardown: everything we start registers how to undo it; undone in reverse order, exactly once.

const cleanups = [];
let tearingDown;

function onTeardown(name, fn) {
  cleanups.push({ name, fn });
}

function teardown() {
  tearingDown ??= (async () => {
    for (const { name, fn } of cleanups.reverse()) {
      try {
        await fn();
      } catch (error) {
        log(`teardown of ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return tearingDown;
}

/** Last resort on a second Ctrl-C: kill what is left, synchronously, and go. */
const emergencyKills = [];

let signalled = false;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    if (signalled) {
      log(`${signal} again: killing everything now`);
      for (const kill of [...emergencyKills].reverse()) {
        try {
          kill();
        } catch {
          // already gone
        }
      }
      process.exit(code);
    }
    signalled = true;
    log(`${signal}: stopping everything (press again to force)`);
    void teardown().finally(() => process.exit(code));
  });
}

// ---------------------------------------------------------------------------------------------
// Processes

function exitOf(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve({ code: child.exitCode, signal: child.signalCode });
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: null, signal: null }));
  });
}

/** Like exitOf, once the child's stdio streams are drained too (so its whole output has been read). */
function closeOf(child) {
  return new Promise((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: null, signal: null }));
  });
}

const isRunning = (child) => child.exitCode === null && child.signalCode === null && child.pid !== undefined;

/** Asks a child to stop, waits, then SIGKILLs it (by its pid only). */
async function stopChild(child, signal = 'SIGTERM', timeoutMs = 5_000) {
  if (!isRunning(child)) return;
  const exited = exitOf(child);
  child.kill(signal);
  const timer = setTimeout(() => isRunning(child) && child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** Spawns a node child we own; it is stopped on teardown and on an emergency exit. */
function spawnNode(name, args, options) {
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, ...options });
  child.once('error', (error) => log(`${name} failed to start: ${error.message}`));
  onTeardown(name, () => stopChild(child));
  emergencyKills.push(() => isRunning(child) && child.kill('SIGKILL'));
  return child;
}

/** Resolves with the first stdout/stderr line matching `pattern`; rejects if the child exits first or on timeout. */
function waitForLine(child, name, pattern, timeoutMs, output) {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop();
      for (const line of lines) {
        const match = pattern.exec(line);
        if (match) {
          done();
          resolve(match);
          return;
        }
      }
    };
    const onExit = (code, signal) => {
      done();
      reject(new Error(`${name} exited (code ${code}, signal ${signal}) before it was ready${output ? `:\n${output()}` : ''}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${name} was not ready within ${timeoutMs / 1000}s${output ? `:\n${output()}` : ''}`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.once('exit', onExit);
  });
}

/** CPU time (user+system, in clock ticks) of each pid and its descendants (the gateway's workers), from /proc; empty where unavailable. */
function cpuTicks(pids) {
  const ticks = {};
  for (const [name, pid] of Object.entries(pids)) {
    const total = treeTicks(pid);
    if (total !== undefined) ticks[name] = total;
  }
  return ticks;
}

function treeTicks(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let total = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    for (const child of children) total += treeTicks(child) ?? 0;
    return total;
  } catch {
    return undefined; // not Linux, or the process is gone
  }
}
const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux we run on

// ---------------------------------------------------------------------------------------------
// The stack

async function startStack(tempRoot, settings) {
  const dataDir = path.join(tempRoot, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    LOG_LEVEL: settings.logLevel,
    RATE_LIMIT_BURST: WIDE_OPEN_RATE_LIMIT,
    RATE_LIMIT_PER_SECOND: WIDE_OPEN_RATE_LIMIT,
  };
  for (const name of ['NATS_URL', 'MONGO_URL', 'PUBLIC_URL']) delete env[name];
  for (const service of SERVICES) env[`${service.toUpperCase()}_GRPC_ADDR`] = `127.0.0.1:${await freePort()}`;
  const cliEnv = { ...env };

  const launcherEnv = { ...env };
  const nodeOptions = [env.NODE_OPTIONS, settings.stackNodeOptions];
  if (settings.cpuProfDir) {
    // Node refuses --cpu-prof in NODE_OPTIONS; a preload starts the profiler in the targeted processes only.
    nodeOptions.push(`--require ${path.join(__dirname, 'cpu-prof.preload.js')}`);
    launcherEnv.BENCH_CPU_PROF_DIR = settings.cpuProfDir;
  }
  if (settings.phaseProfDir) {
    // Profiles of chosen phases only (startPhaseProfile/stopPhaseProfile), toggled by SIGUSR2.
    nodeOptions.push(`--require ${path.join(__dirname, 'phase-prof.preload.js')}`);
    launcherEnv.BENCH_PHASE_PROF_DIR = settings.phaseProfDir;
  }
  launcherEnv.NODE_OPTIONS = nodeOptions.filter(Boolean).join(' ');
  if (!launcherEnv.NODE_OPTIONS) delete launcherEnv.NODE_OPTIONS;

  log(`starting the stack (launcher, DATA_DIR=${dataDir}, PORT=${env.PORT})`);
  const stack = { baseUrl: `http://127.0.0.1:${env.PORT}`, env: cliEnv, launcherEnv, dataDir, starts: 0 };
  await launch(stack, 90_000);
  return stack;
}

/**
 * Spawns the launcher on `stack.launcherEnv` and waits for its ready line; fills in (or replaces, on
 * a restart) the stack's launcher, pids, NATS URL and output. Answers the milliseconds from spawn to
 * the first 200 of /healthz (polled every 50 ms) and to the ready line.
 */
async function launch(stack, timeoutMs, extraEnv = {}) {
  const startedAt = performance.now();
  // Own process group: Ctrl-C reaches only us, and we stop the stack in order (launcher SIGINT, as a
  // terminal would). The group also lets us kill leftovers if the launcher itself dies.
  // As `npm start` runs it (package.json): the launcher only relays output, so it favours memory over speed.
  const launcher = spawn(
    process.execPath,
    ['--optimize-for-size', '--v8-pool-size=1', path.join(REPO_ROOT, 'deploy/launcher/dist/main.js')],
    {
      env: { ...stack.launcherEnv, ...extraEnv },
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  // The last lines (shown if the stack fails) and, once it is up, how many it writes (and the last few).
  const lines = [];
  let afterReady = false;
  const runtimeLines = { count: 0, tail: [] };
  const keep = (line) => {
    lines.push(line);
    if (lines.length > 300) lines.shift();
    if (!afterReady) return;
    runtimeLines.count++;
    runtimeLines.tail.push(line);
    if (runtimeLines.tail.length > 5) runtimeLines.tail.shift();
  };
  createInterface({ input: launcher.stdout }).on('line', keep);
  createInterface({ input: launcher.stderr }).on('line', keep);
  const output = () => lines.join('\n');
  const launcherExit = exitOf(launcher);

  const killGroup = () => {
    try {
      process.kill(-launcher.pid, 'SIGKILL');
    } catch {
      // the group is empty
    }
  };
  emergencyKills.push(killGroup);
  const stop = async () => {
    if (isRunning(launcher)) {
      launcher.kill('SIGINT');
      const stopped = await Promise.race([launcherExit.then(() => true), sleep(45_000).then(() => false)]);
      if (!stopped) log('launcher did not stop within 45s; killing its process group');
    }
    // Anything of the group still alive (launcher killed hard, or a child it could not stop).
    for (let i = 0; i < 20; i++) {
      try {
        process.kill(-launcher.pid, 0);
      } catch {
        return;
      }
      await sleep(100);
    }
    killGroup();
  };
  onTeardown('stack', stop);

  // The time to healthy, seen from outside as a client would (the launcher also waits for it before its ready line).
  let healthyMs;
  let polling = true;
  const healthz = `${stack.baseUrl}/healthz`;
  const poll = (async () => {
    while (polling && healthyMs === undefined) {
      const ok = await fetch(healthz, { signal: AbortSignal.timeout(1_000) }).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) healthyMs = performance.now() - startedAt;
      else await sleep(50);
    }
  })();
  try {
    await waitForLine(launcher, 'launcher', new RegExp(READY_MARKER), timeoutMs, output);
  } finally {
    polling = false;
  }
  const readyMs = performance.now() - startedAt;
  await poll;
  healthyMs ??= readyMs;
  afterReady = true;
  const stackInfo = JSON.parse(fs.readFileSync(path.join(stack.dataDir, 'stack.json'), 'utf8'));
  Object.assign(stack, {
    pids: stackInfo.pids,
    natsUrl: stackInfo.nats_url,
    launcher,
    output,
    runtimeLines,
    stop,
    starts: stack.starts + 1,
    startTimes: { healthyMs, readyMs },
  });
  return { healthyMs, readyMs };
}

/**
 * Stops the stack as Ctrl-C does (SIGINT to the launcher, which stops every process in order), then
 * starts it again on the same DATA_DIR and ports. `stack` is updated in place (new pids), so whatever
 * runs afterwards measures the new processes. Answers the stop time and the start times (see launch).
 */
async function restartStack(stack, { timeoutMs = 120_000, env = {} } = {}) {
  const stopStarted = performance.now();
  await stack.stop();
  const stopMs = performance.now() - stopStarted;
  log(`stack stopped in ${(stopMs / 1000).toFixed(1)} s; starting it again on ${stack.dataDir}`);
  const started = await launch(stack, timeoutMs, env);
  log(`stack healthy again after ${(started.healthyMs / 1000).toFixed(1)} s`);
  return { stopMs, ...started };
}

async function storectl(env, args) {
  const child = spawnNode('storectl', [path.join(REPO_ROOT, 'deploy/storectl/dist/main.js'), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const { code } = await closeOf(child);
  if (code !== 0) throw new Error(`storectl ${args[0]} ${args[1]} exited with ${code}:\n${stderr}${stdout}`);
  return JSON.parse(stdout);
}

/** A store for one bench, made with `storectl store create`: its name, and a subdomain and e-mail unique to this run. */
async function createBenchStore(env, name, prefix) {
  const suffix = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const created = await storectl(env, [
    'store',
    'create',
    '--name',
    name,
    '--subdomain',
    `${prefix}${suffix}`,
    '--email',
    `${prefix}-${suffix}@example.com`,
    '--password',
    'bench-password-0123456789',
  ]);
  if (typeof created.api_key !== 'string' || !created.api_key)
    throw new Error(`storectl store create gave no api_key: ${JSON.stringify(created)}`);
  return created;
}

async function fetchBytes(url, headers) {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, contentType: response.headers.get('content-type'), body };
}

// ---------------------------------------------------------------------------------------------
// Load

/**
 * Runs load.js in its own process; answers its JSON and the CPU used by `watch` pids during the
 * measured run. `onMeasuring` is called when the measured run starts (after the warm-up).
 */
async function runLoad(config, watch, { onMeasuring } = {}) {
  const child = spawnNode(`load (${config.title})`, [path.join(__dirname, 'load.js'), JSON.stringify(config)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let cpuStart;
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    process.stderr.write(chunk);
    if (!cpuStart && chunk.includes(': measuring')) {
      cpuStart = cpuTicks(watch);
      onMeasuring?.();
    }
  });
  const { code, signal } = await closeOf(child);
  if (code !== 0) throw new Error(`load generator for ${config.title} exited (code ${code}, signal ${signal})`);
  const result = JSON.parse(stdout);
  result.cpu = { ...cpuUse(cpuStart, watch, result.measured.durationS), load: result.measured.loadGeneratorCpuPercent };
  return result;
}

/**
 * Percent of one core each watched process used over the measured run. The snapshots bracket the
 * run a little loosely (start when the loader announces it, end after it exits), but the processes
 * are idle outside it, so the ticks are the run's.
 */
function cpuUse(start, watch, durationS) {
  if (!start || !(durationS > 0)) return {};
  const end = cpuTicks(watch);
  const use = {};
  for (const [name, ticks] of Object.entries(end)) {
    if (start[name] !== undefined) use[name] = Math.round(((ticks - start[name]) / CLOCK_TICKS_PER_SECOND / durationS) * 1000) / 10;
  }
  return use;
}

// ---------------------------------------------------------------------------------------------
// Memory, idleness, events, phase profiles

/** Pids of `pid` and all its descendants (the launcher's tree is the whole stack). */
function processTree(pid) {
  const pids = [Number(pid)];
  try {
    for (const child of fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean))
      pids.push(...processTree(child));
  } catch {
    // gone, or not Linux
  }
  return pids;
}

/** kB figures of one process from /proc: VmRSS, VmHWM (peak RSS) and Pss (its share of pages shared with others). */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (text, name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
    let pss = NaN;
    try {
      pss = field(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss');
    } catch {
      // smaps_rollup needs a newer kernel or more rights; RSS is enough
    }
    return { rssKb: field(status, 'VmRSS'), hwmKb: field(status, 'VmHWM'), pssKb: pss };
  } catch {
    return undefined;
  }
}

/**
 * Memory of every process of the stack: the launcher, then each process it started (stack.json's
 * names), each with its own descendants (the gateway's cluster workers, if any) counted in.
 */
function stackMemory(stack) {
  const rows = [];
  const named = new Map(Object.entries(stack.pids).map(([name, pid]) => [Number(pid), name]));
  const launcherPid = stack.launcher.pid;
  const add = (name, pids) => {
    const figures = pids.map(memoryOf).filter(Boolean);
    if (figures.length === 0) return;
    const sum = (key) => figures.reduce((total, f) => total + f[key], 0);
    rows.push({ name, processes: figures.length, rssKb: sum('rssKb'), hwmKb: sum('hwmKb'), pssKb: sum('pssKb') });
  };
  add('launcher', [launcherPid]);
  const seen = new Set([launcherPid]);
  for (const [pid, name] of named) {
    const tree = processTree(pid);
    tree.forEach((p) => seen.add(p));
    add(name, tree);
  }
  // Anything else the launcher runs (not expected, but it would count).
  const others = processTree(launcherPid).filter((pid) => !seen.has(pid));
  if (others.length > 0) add('other', others);
  const total = { name: 'total', processes: rows.reduce((n, r) => n + r.processes, 0) };
  for (const key of ['rssKb', 'hwmKb', 'pssKb']) total[key] = rows.reduce((n, r) => n + r[key], 0);
  return { rows, total };
}

const IDLE_RSS_TARGET_MB = 700;

/**
 * Prints the stack's memory (per process and in total); answers the figures. Judged against the idle-RSS target of the
 * issue (a stack as `npm start` leaves it, settled) unless `judged` is false: a stack that has just written 100,000
 * products holds their caches and is shown for information.
 */
function reportStackMemory(stack, label, { judged = true } = {}) {
  const memory = stackMemory(stack);
  const mb = (kb) => (Number.isFinite(kb) ? fmt(kb / 1024, 1) : 'n/a');
  const table = [['process', 'RSS MB', 'peak RSS MB', 'PSS MB']];
  for (const row of [...memory.rows, memory.total])
    table.push([
      row.processes > 1 && row.name !== 'total' ? `${row.name} (${row.processes} processes)` : row.name,
      mb(row.rssKb),
      mb(row.hwmKb),
      mb(row.pssKb),
    ]);
  const totalMb = memory.total.rssKb / 1024;
  const met = totalMb < IDLE_RSS_TARGET_MB;
  const out = ['', `memory of the whole stack, ${label}:`, formatTable(table)];
  out.push(
    `(RSS counts pages shared between the node processes once per process; PSS splits them, so its total is what the stack really holds)`,
  );
  if (judged)
    out.push(`target: idle RSS of the whole stack < ${IDLE_RSS_TARGET_MB} MB   ${fmt(totalMb, 1)} MB   ${met ? 'MET' : 'NOT MET'}`);
  else
    out.push(
      `(for information, not judged: the target of ${IDLE_RSS_TARGET_MB} MB is for a stack as started, idle: at the ` +
        `start of the run, and at its end when the writes bench restarted the stack last)`,
    );
  process.stdout.write(`${out.join('\n')}\n`);
  return { label, ...memory, totalRssMb: totalMb, met: judged ? met : undefined };
}

/**
 * Waits until the whole stack is idle: its CPU over one second stays under `maxPercent` of a core
 * (outbox relays drained, compactions and collections over), for at most `maxS`. Answers the seconds waited.
 */
async function untilIdle(stack, { maxS = 60, maxPercent = 3 } = {}) {
  const started = Date.now();
  let before = treeTicks(stack.launcher.pid);
  for (;;) {
    await sleep(1_000);
    const now = treeTicks(stack.launcher.pid);
    if (now === undefined || before === undefined) return (Date.now() - started) / 1000;
    const percent = now - before; // ticks are 1/100 s: over one second, ticks = percent of a core
    before = now;
    if (percent <= maxPercent) return (Date.now() - started) / 1000;
    if (Date.now() - started > maxS * 1000) {
      log(`the stack was still busy (${percent}% of a core) after ${maxS}s; measuring anyway`);
      return (Date.now() - started) / 1000;
    }
  }
}

/** A JetStream stream's last sequence (how many events were ever published to it). */
async function streamLastSeq(natsUrl, stream) {
  const { connect } = require(path.join(REPO_ROOT, 'node_modules/nats'));
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await nc.jetstreamManager();
    return (await jsm.streams.info(stream)).state.last_seq;
  } catch (error) {
    if (/stream not found/i.test(error?.message ?? '')) return 0;
    throw error;
  } finally {
    await nc.close();
  }
}

/**
 * How far the named durable consumers of a stream are behind it: per durable, the messages not yet delivered plus those
 * delivered and not yet acknowledged (undefined for a durable that does not exist).
 */
async function consumersBehind(natsUrl, stream, durables) {
  const { connect } = require(path.join(REPO_ROOT, 'node_modules/nats'));
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await nc.jetstreamManager();
    const behind = {};
    for (const durable of durables) {
      const info = await jsm.consumers.info(stream, durable).catch(() => undefined);
      behind[durable] = info ? info.num_pending + info.num_ack_pending : undefined;
    }
    return behind;
  } finally {
    await nc.close();
  }
}

/**
 * Waits until an outbox relay has published what the writes produced: the stream's last sequence
 * stops moving for `quietMs`, for at most `maxS`. Answers { seconds, lastSeq, settled }.
 */
async function untilStreamSettles(natsUrl, stream, { quietMs = 1_000, maxS = 600 } = {}) {
  const { connect } = require(path.join(REPO_ROOT, 'node_modules/nats'));
  const nc = await connect({ servers: natsUrl });
  const started = Date.now();
  try {
    const jsm = await nc.jetstreamManager();
    let last = -1;
    let lastLog = started;
    for (;;) {
      const { state } = await jsm.streams.info(stream);
      const seconds = (Date.now() - started) / 1000;
      if (state.last_seq === last) return { seconds: Math.max(0, seconds - quietMs / 1000), lastSeq: last, settled: true };
      if (seconds > maxS) {
        log(`${stream} still growing after ${maxS}s (at ${state.last_seq}); going on`);
        return { seconds, lastSeq: state.last_seq, settled: false };
      }
      if (Date.now() - lastLog > 10_000) {
        lastLog = Date.now();
        log(`waiting for the outbox relay: ${stream} at ${state.last_seq.toLocaleString('en-US')}`);
      }
      last = state.last_seq;
      await sleep(quietMs);
    }
  } finally {
    await nc.close();
  }
}

/**
 * Phase profiles (BENCH_PHASE_PROF_DIR): every process named in BENCH_PHASE_PROF_TARGETS toggles its
 * CPU profiler on SIGUSR2 (phase-prof.preload.js). start names the phase, stop writes
 * `<name>.<pid>.<phase>.cpuprofile`. No-ops without the setting.
 */
function phaseProfileTargets(settings) {
  return (process.env.BENCH_PHASE_PROF_TARGETS || 'gateway,catalog')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

function startPhaseProfile(stack, settings, phase) {
  if (!settings.phaseProfDir) return;
  fs.writeFileSync(path.join(settings.phaseProfDir, 'phase'), phase.replace(/[^A-Za-z0-9_-]+/g, '-'));
  signalTargets(stack, settings);
}

async function stopPhaseProfile(stack, settings, phase) {
  if (!settings.phaseProfDir) return [];
  const safe = phase.replace(/[^A-Za-z0-9_-]+/g, '-');
  const expected = phaseProfileTargets(settings)
    .filter((name) => stack.pids[name])
    .map((name) => path.join(settings.phaseProfDir, `${name}.${stack.pids[name]}.${safe}.cpuprofile`));
  signalTargets(stack, settings);
  // Writing a profile takes the target a moment (its event loop may be busy with a backlog).
  for (let i = 0; i < 100 && !expected.every((file) => fs.existsSync(file)); i++) await sleep(100);
  for (const file of expected) log(fs.existsSync(file) ? `phase profile: ${file}` : `phase profile missing: ${file}`);
  return expected.filter((file) => fs.existsSync(file));
}

function signalTargets(stack, settings) {
  for (const name of phaseProfileTargets(settings)) {
    const pid = stack.pids[name];
    if (!pid) continue;
    try {
      process.kill(pid, 'SIGUSR2');
    } catch (error) {
      log(`could not signal ${name} (${pid}): ${error.message}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting

function problemsOf(run) {
  const m = run.measured;
  const problems = [];
  if (!(m.requestsTotal > 0)) problems.push('no responses at all');
  if (m.non2xx > 0) {
    const codes = Object.entries(m.statusCodeStats ?? {})
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => `${status}×${count}`)
      .join(', ');
    problems.push(`${m.non2xx} non-2xx responses (${codes})`);
  }
  if (m.errors > 0) problems.push(`${m.errors} connection errors`);
  if (m.timeouts > 0) problems.push(`${m.timeouts} timeouts`);
  if (m.mismatches > 0) problems.push(`${m.mismatches} body mismatches`);
  if (run.bodyMismatch) problems.push(run.bodyMismatch);
  return problems;
}

/** CPU time the server process spent per answered request, in µs (undefined without /proc). */
function cpuPerRequest(run, server) {
  const percent = run.cpu?.[server];
  const m = run.measured;
  if (typeof percent !== 'number' || !(m.requestsTotal > 0)) return undefined;
  return ((percent / 100) * m.durationS * 1e6) / m.requestsTotal;
}

/**
 * Calls `fire(index)` `rate` times a second for `seconds` seconds, each on its schedule (1000/rate ms apart, not
 * waiting for the one before); answers what every call answered, once all have.
 */
async function atSteadyRate(rate, seconds, fire) {
  const intervalMs = 1000 / rate;
  const start = performance.now();
  const calls = [];
  for (let index = 0; index < rate * seconds; index++) {
    const wait = start + index * intervalMs - performance.now();
    if (wait > 1) await sleep(wait);
    calls.push(fire(index));
  }
  return Promise.all(calls);
}

function formatTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  const line = (row) =>
    row.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join('  ');
  return [line(rows[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

const fmt = (n, digits = 0) =>
  typeof n === 'number' ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';

module.exports = {
  REPO_ROOT,
  envNumber,
  log,
  sleep,
  onTeardown,
  teardown,
  emergencyKills,
  isSignalled: () => signalled,
  stopChild,
  spawnNode,
  waitForLine,
  startStack,
  restartStack,
  storectl,
  createBenchStore,
  fetchBytes,
  runLoad,
  cpuTicks,
  processTree,
  memoryOf,
  stackMemory,
  reportStackMemory,
  IDLE_RSS_TARGET_MB,
  untilIdle,
  atSteadyRate,
  streamLastSeq,
  consumersBehind,
  untilStreamSettles,
  startPhaseProfile,
  stopPhaseProfile,
  problemsOf,
  cpuPerRequest,
  formatTable,
  fmt,
};
