import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { rotateKeyCommand } from '../commands';
import type { StackLocator } from '../stack-locator';
import { CommandFailed } from '../command-failed';
import { ApiClient } from './api-client';
import type { StoreRecord } from './api-records';
import { parseDemoSeedOptions, type DemoSeedOptions } from './demo-options';
import { Progress } from './progress';
import { seedDemoStore, type DemoSeedSummary } from './seed-demo-store';

type DemoSeedResult = DemoSeedSummary & { api_key_rotated: boolean; api_key?: string; note?: string };

const ROTATED_NOTE = "The store's API key was rotated to seed it (the previous key no longer works): use this api_key from now on.";

/**
 * `storectl demo seed`: a lively store in one command, through the gateway's public HTTP API. Without
 * `--api-key` the store's key is rotated over gRPC (as `key rotate` does) and the new key is printed,
 * also when seeding fails half-way.
 */
export async function demoSeedCommand(stack: StackLocator, values: Record<string, string | undefined>): Promise<DemoSeedResult> {
  const options = parseDemoSeedOptions(values, process.env, () => stack.baseUrl());
  // A wrong --url or a stack still starting is found before the key is rotated.
  await apiClient(options, undefined, new Progress(process.stderr)).call('GET', '/healthz', undefined, { credential: false });
  if (options.apiKey !== undefined) return { ...(await seedWithKey(options, options.apiKey)), api_key_rotated: false };

  const { api_key } = await rotateKeyCommand(stack, { store: String(options.storeId) });
  process.stderr.write(
    `storectl: rotated the API key of store ${options.storeId}; the previous key no longer works (the new one is in the JSON output)\n`,
  );
  try {
    return { ...(await seedWithKey(options, api_key)), api_key_rotated: true, api_key, note: ROTATED_NOTE };
  } catch (error) {
    throw new CommandFailed(error, { store_id: options.storeId, api_key_rotated: true, api_key, note: ROTATED_NOTE });
  }
}

async function seedWithKey(options: DemoSeedOptions, apiKey: string): Promise<DemoSeedSummary> {
  const progress = new Progress(process.stderr);
  const api = apiClient(options, apiKey, progress);
  try {
    const store = await api.call<StoreRecord>('GET', '/v1/store');
    if (options.storeId !== undefined && store.id !== options.storeId)
      throw new Error(`the API key belongs to store ${store.id}, not to store ${options.storeId}`);
    return await seedDemoStore(api, store, options, progress);
  } finally {
    progress.finish();
  }
}

function apiClient(options: DemoSeedOptions, apiKey: string | undefined, progress: Progress): ApiClient {
  return new ApiClient({
    baseUrl: options.url,
    ...(apiKey !== undefined ? { apiKey } : {}),
    fetch: (url, init) => fetch(url, init),
    sleep: (ms) => sleep(ms),
    onRateLimited: (waitMs) => progress.remark(`rate limited: waiting ${(waitMs / 1000).toFixed(1)} s`),
    runId: randomBytes(6).toString('hex'),
  });
}
