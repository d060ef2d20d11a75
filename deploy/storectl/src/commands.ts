import { identity, storefront } from '@commerce/contracts';
import { presentStore } from '@commerce/api-presenters';
import { createClient } from '@commerce/grpc-runtime';
import { onService, type StackLocator } from './stack-locator';
import { UsageError } from './usage-error';

type Options = Record<string, string | undefined>;

export { UsageError };

function required(command: string, options: Options, ...names: string[]): void {
  const missing = names.filter((name) => !options[name]).map((name) => `--${name}`);
  if (missing.length === 0) return;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  throw new UsageError(`${command} needs ${list}.`);
}

function storeIdOf(options: Options): number {
  const storeId = Number(options.store);
  if (!Number.isSafeInteger(storeId) || storeId <= 0) throw new UsageError('key rotate needs --store ID, a store id (a whole number).');
  return storeId;
}

export async function createStoreCommand(stack: StackLocator, options: Options) {
  required('store create', options, 'name', 'subdomain', 'email', 'password');
  const account = await onService(stack, 'identity', (address) =>
    createClient(identity.IdentityServiceClient, address, { deadlineMs: 15_000 }).createStoreAccount({
      name: options.name!,
      subdomain: options.subdomain!,
      email: options.email!,
      password: options.password!,
      login: options.login ?? '',
      time_zone: options['time-zone'] ?? '',
    }),
  );
  const { store } = await onService(stack, 'storefront', (address) =>
    createClient(storefront.StoreServiceClient, address).getStore({ store_id: account.store_id }),
  );
  return { store: presentStore(store!), user: account.user, api_key: account.api_key };
}

export async function rotateKeyCommand(stack: StackLocator, options: Options) {
  const storeId = storeIdOf(options);
  const { api_key } = await onService(stack, 'identity', (address) =>
    createClient(identity.IdentityServiceClient, address).rotateApiKey({ store_id: storeId }),
  );
  return { api_key };
}

export async function createAppCommand(stack: StackLocator, options: Options) {
  required('app create', options, 'name', 'redirect-uri', 'owner-email');
  const request = { name: options.name!, redirect_uri: options['redirect-uri']!, owner_email: options['owner-email']!, owner_user_id: 0 };
  const { app, client_secret } = await onService(stack, 'identity', (address) =>
    createClient(identity.IdentityServiceClient, address).createApp(request),
  );
  return { client_id: app!.client_id, client_secret, name: app!.name, redirect_uri: app!.redirect_uri };
}
