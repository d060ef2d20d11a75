import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { ApiClient } from './api.client';
import { createStoreWithCli, startStack, stackEnvironment, type StackHandle } from './stack.harness';

/** A stack with two stores: the one a test works in, and a rival whose key must never see its records. */
export interface TwoStoreStack {
  stack: StackHandle;
  shop: ApiClient;
  rival: ApiClient;
  shopStoreId: number;
  /** The stores' subdomains as created: [shop, rival] (their buyer sites are at `/s/<subdomain>/`). */
  subdomains: [shop: string, rival: string];
  rivalStoreId: number;
  /** A connection to the stack's own nats-server, for reading event streams. */
  bus: NatsConnection;
  stop(): Promise<void>;
}

/** `extraEnv` reaches the launcher and through it every process of the stack (e.g. `CHECKOUT_BURST` for the gateway). */
export async function startTwoStoreStack(
  tag: string,
  subdomains: [shop: string, rival: string],
  extraEnv: Record<string, string> = {},
): Promise<TwoStoreStack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `stack-${tag}-`));
  const env = { ...(await stackEnvironment(dataDir)), ...extraEnv };
  const stack = await startStack(env);
  const [shop, rival] = [await createStoreWithCli(env, subdomains[0]), await createStoreWithCli(env, subdomains[1])];
  const bus = await connect({ servers: stack.info().nats_url });
  return {
    stack,
    shop: new ApiClient(stack.baseUrl, shop.api_key),
    rival: new ApiClient(stack.baseUrl, rival.api_key),
    shopStoreId: shop.store.id,
    subdomains: [shop.store.subdomain, rival.store.subdomain],
    rivalStoreId: rival.store.id,
    bus,
    async stop() {
      await bus.drain();
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
