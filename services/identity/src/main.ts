import { identity, storefront } from '@commerce/contracts';
import { createClient } from '@commerce/grpc-runtime';
import { ServiceHost } from '@commerce/service-host';
import { loadIdentityConfig } from './config';
import { identityHandlers } from './grpc/identity.handlers';
import { ApiKeyRepository } from './infra/api-key.repository';
import { UserRepository } from './infra/user.repository';

async function main(): Promise<void> {
  const config = loadIdentityConfig();
  const host = await ServiceHost.open(config);
  const users = UserRepository.collectionOf(host.db);
  const keys = host.relayOutboxOf(ApiKeyRepository.collectionOf(host.db));
  await UserRepository.ensureIndexes(users);
  await ApiKeyRepository.ensureIndexes(keys);

  const deps = {
    users: new UserRepository(users),
    keys: new ApiKeyRepository(keys),
    nextUserId: () => host.db.nextId('users'),
    stores: createClient(storefront.StoreServiceClient, config.STOREFRONT_GRPC_ADDR),
    clock: () => new Date(),
  };
  await host.serve([{ definition: identity.IdentityServiceService, implementation: identityHandlers(deps) }], ['commerce/identity/v1/identity.proto']);
}

void ServiceHost.run(main);
