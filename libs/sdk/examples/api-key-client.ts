import { createClient } from '@commerce/sdk';

/** A client for one store, with its API key (`sck_...`): full access, no scopes. */
export async function storeName(baseUrl: string, apiKey: string): Promise<string> {
  const client = createClient({ baseUrl, apiKey });
  const { data: store } = await client.GET('/v1/store');
  return store.name;
}
