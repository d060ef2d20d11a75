import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * The readable-line formatter, loaded only when lines are made readable (a terminal): writing JSON lines as they come,
 * the launcher does not load the logging library (pino, ~2.5 MB resident) it would never use.
 */
const prettyLogLines = (options: { colorize: boolean }) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use only
  (require('@commerce/observability') as typeof import('@commerce/observability')).prettyLogLines(options);

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stop(timeoutMs?: number): Promise<void>;
}

const COLORS = [36, 32, 33, 35, 34, 91, 96, 92];
/** How long a gone process's pipes may stay open before it is reported gone anyway. */
const OUTPUT_DRAIN_MS = 1_000;

/** Where the launcher prints its processes' lines: colours on a terminal, and whether JSON log lines are made readable. */
export interface ProcessOutput {
  colorize: boolean;
  readable: boolean;
}

/** LOG_FORMAT decides; unset, a terminal gets readable lines and anything else (a file, a collector) the JSON as written. */
export function processOutputFor(logFormat: 'json' | 'pretty' | undefined, isTTY: boolean): ProcessOutput {
  return { colorize: isTTY, readable: logFormat ? logFormat === 'pretty' : isTTY };
}

/** Each output line of a child as the launcher prints it: its name in front, a JSON log line made readable when asked. */
export function childLineWriter(name: string, index: number, output: ProcessOutput): (line: string) => string {
  const prefix = output.colorize ? `\x1b[${COLORS[index % COLORS.length]}m[${name}]\x1b[0m ` : `[${name}] `;
  const format = output.readable ? prettyLogLines({ colorize: output.colorize }) : (line: string) => line;
  return (line) => `${prefix}${format(line)}\n`;
}

/**
 * Starts a child whose every output line is written with its name in front. `notifiesReady`: a Node service that
 * reports ready over an IPC channel (ready.ts), which it is given.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  index: number,
  cwd: string,
  output: ProcessOutput,
  options: { notifiesReady?: boolean } = {},
): ManagedProcess {
  const stdio: StdioOptions = options.notifiesReady ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'];
  const child = spawn(command, args, { env, cwd, stdio });
  const lineOf = childLineWriter(name, index, output);
  const prefix = lineOf('').trimEnd();
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => process.stdout.write(lineOf(line)));
  }
  // Its last output lines are printed before anyone hears it is gone (a start failure's reason first): 'exit' can come
  // before the pipes are read to the end. Not 'close', which also waits for the IPC channel; and a process it left
  // behind holding the pipes costs at most OUTPUT_DRAIN_MS.
  const outputRead = Promise.all(
    [child.stdout!, child.stderr!].map((stream) => new Promise<void>((resolve) => stream.once('close', () => resolve()))),
  );
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      const drained = setTimeout(() => resolve(code), OUTPUT_DRAIN_MS);
      void outputRead.then(() => {
        clearTimeout(drained);
        resolve(code);
      });
    });
    child.once('error', (error) => {
      process.stdout.write(`${prefix} failed to start: ${error.message}\n`);
      resolve(null);
    });
  });

  async function stop(timeoutMs = 10_000): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }

  return { name, child, exited, stop };
}
