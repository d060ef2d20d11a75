// What the OAuth stack tests share: a stack, a developer app registered with the CLI, a store owner,
// and a client app's callback server (the redirect target a real app would run).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startStack, stackEnvironment, storectl, type StackHandle } from '../support/stack.harness';

export { PageClient, hiddenFields } from '../../services/identity/test/page-client.harness';

export const PASSWORD = 'correct horse battery';

export interface OAuthStack {
  stack: StackHandle;
  env: NodeJS.ProcessEnv;
  app: { client_id: string; client_secret: string; redirect_uri: string };
  /** The callback server: every request it received, newest last. */
  callbacks: URL[];
  stop(): Promise<void>;
}

let nextOwner = 1;

/** A store owner made with the CLI: `{store, user, api_key}`. */
export async function anOwner(env: NodeJS.ProcessEnv, tag: string) {
  const n = nextOwner++;
  const email = `${tag}${n}@example.com`;
  const created = await storectl(env, [
    'store',
    'create',
    '--name',
    `${tag} ${n}`,
    '--subdomain',
    `${tag}-${n}`,
    '--email',
    email,
    '--password',
    PASSWORD,
  ]);
  if (created.code !== 0) throw new Error(`store create failed: ${created.stderr}`);
  return { ...(created.json as { store: { id: number }; user: { id: number; email: string }; api_key: string }), email };
}

export async function startOAuthStack(tag: string, extraEnv: Record<string, string> = {}): Promise<OAuthStack> {
  const callbacks: URL[] = [];
  const callbackServer = http.createServer((req, res) => {
    callbacks.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Client app</title><p>Authorized</p>');
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  const redirectUri = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/callback`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `stack-${tag}-`));
  const closeCallbacks = () => new Promise<void>((resolve) => callbackServer.close(() => resolve()));
  const env = { ...(await stackEnvironment(dataDir)), ...extraEnv };
  let stack: StackHandle | undefined;
  let created: Awaited<ReturnType<typeof storectl>>;
  try {
    stack = await startStack(env);
    const developer = await anOwner(env, `${tag}dev`);
    created = await storectl(env, [
      'app',
      'create',
      '--name',
      'Stock Sync',
      '--redirect-uri',
      redirectUri,
      '--owner-email',
      developer.email,
    ]);
    if (created.code !== 0) throw new Error(`app create failed: ${created.stderr}`);
  } catch (error) {
    // Nothing may outlive a failed start: jest would wait on the open callback server and the stack.
    await stack?.stop();
    await closeCallbacks();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    stack,
    env,
    app: created.json as OAuthStack['app'],
    callbacks,
    async stop() {
      await stack!.stop();
      await closeCallbacks();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
