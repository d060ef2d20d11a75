import { identity, storefront } from '@commerce/contracts';
import { createClient } from '@commerce/grpc-runtime';
import { ServiceHost } from '@commerce/service-host';
import type { IdentityConfig } from './config';
import { identityHandlers } from './grpc/identity.handlers';
import { ApiKeyRepository } from './infra/api-key.repository';
import { UserRepository } from './infra/user.repository';

export interface RunningIdentityService {
  host: ServiceHost;
  /** host:port a client on this machine can dial. */
  address: string;
  /** Stops taking calls, publishes what is pending, closes the bus and the data. */
  stop(): Promise<void>;
}

/** Store → relay → gRPC, wired from the config; `main` runs it, integration tests start it in-process. */
export async function startIdentityService(config: IdentityConfig): Promise<RunningIdentityService> {
  const host = await ServiceHost.open(config);
  try {
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
    const grpc = await host.serve([{ definition: identity.IdentityServiceService, implementation: identityHandlers(deps) }], ['commerce/identity/v1/identity.proto']);
    return { host, address: grpc.address, stop: () => host.shutdown() };
  } catch (error) {
    // A half-started service must not keep the bus connection or the datafiles open.
    await host.shutdown().catch(() => undefined);
    throw error;
  }
}
