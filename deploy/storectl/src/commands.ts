import { identity, storefront } from '@commerce/contracts';
import { presentStore } from '@commerce/api-presenters';
import { createClient } from '@commerce/grpc-runtime';
import { addressOf, type serviceAddresses, type z } from '@commerce/config';
import { UsageError } from './usage-error';

export type Addresses = z.infer<typeof serviceAddresses>;
type Options = Record<string, string | undefined>;

export { UsageError };

function required(options: Options, ...names: string[]): void {
  const missing = names.filter((name) => !options[name]);
  if (missing.length > 0) throw new UsageError(`missing ${missing.map((name) => `--${name}`).join(', ')}`);
}

function storeIdOf(options: Options): number {
  const storeId = Number(options.store);
  if (!Number.isSafeInteger(storeId) || storeId <= 0) throw new UsageError('--store must be a store id');
  return storeId;
}

export async function createStoreCommand(addresses: Addresses, options: Options) {
  required(options, 'name', 'subdomain', 'email', 'password');
  const identityClient = createClient(identity.IdentityServiceClient, addressOf(addresses, 'identity'), { deadlineMs: 15_000 });
  const account = await identityClient.createStoreAccount({
    name: options.name!,
    subdomain: options.subdomain!,
    email: options.email!,
    password: options.password!,
    login: options.login ?? '',
    time_zone: options['time-zone'] ?? '',
  });
  const stores = createClient(storefront.StoreServiceClient, addressOf(addresses, 'storefront'));
  const { store } = await stores.getStore({ store_id: account.store_id });
  return { store: presentStore(store!), user: account.user, api_key: account.api_key };
}

export async function rotateKeyCommand(addresses: Addresses, options: Options) {
  const identityClient = createClient(identity.IdentityServiceClient, addressOf(addresses, 'identity'));
  const { api_key } = await identityClient.rotateApiKey({ store_id: storeIdOf(options) });
  return { api_key };
}

export async function createAppCommand(addresses: Addresses, options: Options) {
  required(options, 'name', 'redirect-uri', 'owner-email');
  const identityClient = createClient(identity.IdentityServiceClient, addressOf(addresses, 'identity'));
  const { app, client_secret } = await identityClient.createApp({ name: options.name!, redirect_uri: options['redirect-uri']!, owner_email: options['owner-email']! });
  return { client_id: app!.client_id, client_secret, name: app!.name, redirect_uri: app!.redirect_uri };
}
