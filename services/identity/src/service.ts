import { identity, storefront } from '@commerce/contracts';
import { createClient } from '@commerce/grpc-runtime';
import { ServiceHost, type RunningService } from '@commerce/service-host';
import type { IdentityConfig } from './config';
import { identityHandlers } from './grpc/identity.handlers';
import { ApiKeyRepository } from './infra/api-key.repository';
import { UserRepository } from './infra/user.repository';

/** Store → relay → gRPC, wired from the config; `main` runs it, integration tests start it in-process. */
export function startIdentityService(config: IdentityConfig): Promise<RunningService> {
  return ServiceHost.start(config, async (host) => {
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
    return {
      services: [{ definition: identity.IdentityServiceService, implementation: identityHandlers(deps) }],
      protoFiles: ['commerce/identity/v1/identity.proto'],
    };
  });
}
