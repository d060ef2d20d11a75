import { conflict } from '@commerce/grpc-runtime';
import type { GroupClaim } from '../infra/shipping-group.repository';
import { productsInShippingGroup } from './batch-reads';
import type { CatalogDeps } from './catalog-deps';
import { CLAIM_LEASE_MS } from './shipping-groups';

export type RetirementAnswer = { retired: true; heldForMs: number } | { retired: false; productIds: number[] };

const MAX_ATTEMPTS = 5;

/**
 * Shipping is about to delete the group: retire it unless a product uses it. The decision reads the
 * group's lock (claims of product writes under way, lock_rev), then counts its live products, then
 * writes the retirement only if no claim came since the read. A write that claimed before the read is
 * either under way (counted as a user) or finished (its product is counted); one that claims after the
 * read changes lock_rev and the decision starts over; once retired, claims are refused. Claims older
 * than their lease were abandoned by a process that died and are dropped.
 */
export async function retireShippingGroup(
  deps: Pick<CatalogDeps, 'products' | 'shippingGroupProjection' | 'groupRetirementHoldMs' | 'clock'>,
  storeId: number,
  groupId: number,
  token: string,
): Promise<RetirementAnswer> {
  const retired = { retired: true, heldForMs: deps.groupRetirementHoldMs } as const;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const group = await deps.shippingGroupProjection.find(storeId, groupId);
    if (group?.deleted) return retired; // already gone: nothing can name it
    if (group?.retirement) {
      if (group.retirement.token === token) return retired;
      throw conflict('Another deletion of this shipping group is under way; try again');
    }
    const now = deps.clock();
    const writesUnderWay = (group?.claims ?? []).filter((claim) => !abandoned(claim, now)).map((claim) => claim.product_id);
    const productIds = [...new Set([...(await productsInShippingGroup(deps, storeId, groupId)), ...writesUnderWay])].sort((a, b) => a - b);
    if (productIds.length > 0) return { retired: false, productIds };
    if (await deps.shippingGroupProjection.retire(storeId, groupId, group, { token, at: now })) return retired;
  }
  throw conflict('The shipping group is being changed by other requests; try again');
}

const abandoned = (claim: GroupClaim, now: Date): boolean => now.getTime() - claim.at.getTime() > CLAIM_LEASE_MS;
