import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, waitFor } from '@commerce/testing';

export const REPO_ROOT = path.resolve(__dirname, '../..');
const SERVICES = ['identity', 'catalog', 'orders', 'shipping', 'storefront', 'webhooks'];

export interface StackInfo {
  base_url: string;
  nats_url: string;
  pids: Record<string, number>;
}

export interface StackHandle {
  baseUrl: string;
  env: NodeJS.ProcessEnv;
  info(): StackInfo;
  output(): string;
  stop(): Promise<number | null>;
}

/** Ports and data directory of one stack, kept across restarts so a restarted stack finds its data. */
export async function stackEnvironment(dataDir: string): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'warn' };
  delete env.NATS_URL;
  delete env.MONGO_URL;
  for (const service of SERVICES) env[`${service.toUpperCase()}_GRPC_ADDR`] = `127.0.0.1:${await freePort()}`;
  return env;
}

/** Starts the built launcher exactly as `npm start` runs it, and waits until it reports the stack ready. */
export async function startStack(env: NodeJS.ProcessEnv): Promise<StackHandle> {
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'deploy/launcher/dist/main.js')], { env, cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitFor(() => output.includes('Store Commerce is running') || child.exitCode !== null, { timeoutMs: 60_000, message: 'stack did not start' });
  if (child.exitCode !== null) throw new Error(`launcher exited early:\n${output}`);
  const stackFile = path.join(env.DATA_DIR!, 'stack.json');
  return {
    baseUrl: `http://127.0.0.1:${env.PORT}`,
    env,
    info: () => JSON.parse(fs.readFileSync(stackFile, 'utf8')) as StackInfo,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      return exited;
    },
  };
}

/** Runs the operator CLI as `npm run storectl -- ...` does, answering its parsed JSON output. */
export async function storectl(env: NodeJS.ProcessEnv, args: string[]): Promise<{ code: number | null; json: unknown; stderr: string }> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'deploy/storectl/dist/main.js'), ...args], { env, cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, json: stdout ? JSON.parse(stdout) : undefined, stderr };
}

export { readJson as json, type JsonBody } from '@commerce/testing';

export interface CreatedStore {
  store: { id: number; name: string; subdomain: string };
  user: { id: number; email: string };
  api_key: string;
}

/** `storectl store create` for a fresh subdomain (name, e-mail and password derived from it); fails the test if the CLI does. */
export async function createStoreWithCli(env: NodeJS.ProcessEnv, subdomain: string): Promise<CreatedStore> {
  const created = await storectl(env, ['store', 'create', '--name', `Shop ${subdomain}`, '--subdomain', subdomain, '--email', `${subdomain}@example.com`, '--password', 'correct horse battery']);
  if (created.code !== 0) throw new Error(`storectl store create ${subdomain} failed: ${created.stderr}`);
  return created.json as CreatedStore;
}
