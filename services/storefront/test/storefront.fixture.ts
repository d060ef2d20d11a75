// The storefront under test through the shared harness (@commerce/testing), and its request builder.
import { storefront } from '@commerce/contracts';
import { startServiceHarness, type ServiceHarness } from '@commerce/testing';
import { loadStorefrontConfig } from '../src/config';
import { startStorefrontService } from '../src/service';

export type StorefrontHarness = ServiceHarness<Awaited<ReturnType<typeof startStorefrontService>>, storefront.StoreServiceClient>;

export const startStorefrontHarness = (): Promise<StorefrontHarness> =>
  startServiceHarness({
    name: 'storefront',
    start: (env) => startStorefrontService(loadStorefrontConfig(env)),
    client: storefront.StoreServiceClient,
  });

let nextSubdomain = 1;

/** A valid create request with a subdomain no other request of this test file uses. */
export function aCreateStoreRequest(overrides: Partial<storefront.CreateStoreRequest> = {}): storefront.CreateStoreRequest {
  return storefront.CreateStoreRequest.fromPartial({
    name: 'Bolts & Nuts',
    subdomain: `shop-${nextSubdomain++}`,
    owner_user_id: 7,
    support_email: 'owner@example.com',
    ...overrides,
  });
}
