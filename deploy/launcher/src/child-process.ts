import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stop(timeoutMs?: number): Promise<void>;
}

const COLORS = [36, 32, 33, 35, 34, 91, 96, 92];

/** Starts a child whose every output line is written with its name in front. */
export function startProcess(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, index: number, cwd: string): ManagedProcess {
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = process.stdout.isTTY ? `\x1b[${COLORS[index % COLORS.length]}m[${name}]\x1b[0m ` : `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      process.stdout.write(`${prefix}failed to start: ${error.message}\n`);
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
