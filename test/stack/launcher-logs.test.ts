import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@commerce/testing';
import { REPO_ROOT, stackEnvironment } from '../support/stack.harness';

// `npm start` on a terminal prints readable, coloured lines; LOG_FORMAT=json keeps the JSON lines even
// there. The launcher runs under `script`, which gives it a real pseudo-terminal as a person's shell would.

interface TerminalStack {
  output(): string;
  baseUrl: string;
  stop(): Promise<void>;
}

async function startOnTerminal(extraEnv: NodeJS.ProcessEnv): Promise<TerminalStack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-tty-'));
  const env: NodeJS.ProcessEnv = { ...(await stackEnvironment(dataDir)), LOG_LEVEL: 'info', ...extraEnv };
  const command = `exec ${process.execPath} --optimize-for-size --v8-pool-size=1 ${path.join(REPO_ROOT, 'deploy/launcher/dist/main.js')}`;
  const child: ChildProcess = spawn('script', ['-qfec', command, '/dev/null'], { env, cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitFor(() => output.includes('Store Commerce is running') || child.exitCode !== null, {
    timeoutMs: 60_000,
    message: 'stack did not start on a terminal',
  });
  if (child.exitCode !== null) throw new Error(`launcher exited early:\n${output}`);
  return {
    output: () => output,
    baseUrl: `http://127.0.0.1:${env.PORT}`,
    async stop() {
      const { launcher_pid } = JSON.parse(fs.readFileSync(path.join(dataDir, 'stack.json'), 'utf8')) as { launcher_pid: number };
      process.kill(launcher_pid, 'SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Terminal output uses CRLF; colour codes are matched as written.
const ESC = '\u001b';
const gatewayLines = (output: string) => output.split(/\r?\n/).filter((line) => line.includes('[gateway]'));
const withoutColour = (line: string) => line.replace(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '');

describe('npm start on a terminal', () => {
  it('prints readable, coloured lines with the service name and the request id', async () => {
    const stack = await startOnTerminal({});
    try {
      const answer = await fetch(`${stack.baseUrl}/v1/store`, { headers: { 'X-Request-Id': 'req-terminal-check' } });
      expect(answer.status).toBe(401);
      await waitFor(() => stack.output().includes('req-terminal-check'), { timeoutMs: 10_000, message: 'the request to be logged' });
      const line = gatewayLines(stack.output()).find((candidate) => candidate.includes('req-terminal-check'))!;
      expect(line).toContain(`${ESC}[`);
      expect(withoutColour(line)).toMatch(/^\[gateway\] \[\d\d:\d\d:\d\d\.\d{3}\] (INFO|WARN): \[req-terminal-check\] /);
      expect(stack.output()).not.toMatch(/\[(gateway|catalog|identity)\][^\n]*\{"level"/);
    } finally {
      await stack.stop();
    }
  });

  it('keeps the JSON lines when LOG_FORMAT=json asks for them', async () => {
    const stack = await startOnTerminal({ LOG_FORMAT: 'json' });
    try {
      await fetch(`${stack.baseUrl}/v1/store`, { headers: { 'X-Request-Id': 'req-json-check' } });
      await waitFor(() => stack.output().includes('req-json-check'), { timeoutMs: 10_000, message: 'the request to be logged' });
      const line = withoutColour(gatewayLines(stack.output()).find((candidate) => candidate.includes('req-json-check'))!);
      const entry = JSON.parse(line.slice(line.indexOf('{'))) as Record<string, unknown>;
      expect(entry).toMatchObject({ service: 'gateway', request_id: 'req-json-check' });
    } finally {
      await stack.stop();
    }
  });
});
