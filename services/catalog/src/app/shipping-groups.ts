import { randomUUID } from 'node:crypto';
import { conflict, DomainError, validationFailed } from '@commerce/grpc-runtime';
import type { ShippingGroupRepository } from '../infra/shipping-group.repository';
import type { GroupSummary, ShippingPort } from './catalog-deps';

const NO_GROUP: GroupSummary = { id: 0, name: '' };
const GROUPLESS_MEMORY_MS = 2_000;
const GROUPLESS_STORES_KEPT = 10_000;
const HOLD_ATTEMPTS = 3;

/**
 * A claim older than this was abandoned (its process died mid-write): a retirement may pass it. A write
 * relies on its claim only for half of it (`assertHeld`), so a live writer is never passed.
 */
export const CLAIM_LEASE_MS = 30_000;

/** The group a product write names, held from before the product is written until after. */
export interface HeldGroup extends GroupSummary {
  /** Call right before writing the product: UNAVAILABLE when the hold is too old to rely on. */
  assertHeld(): void;
  /** Ends the hold; never throws (a hold left behind expires). */
  release(): Promise<void>;
}

const notAGroup = () => validationFailed({ shipping_group_id: ['is not a shipping group of this store'] });
const beingDeleted = () => validationFailed({ shipping_group_id: ['is being deleted'] });

/**
 * Which shipping group a product may use, and the hold that keeps shipping from deleting it while the
 * product is written. The projection fed by shipping's events answers almost always; shipping itself is
 * asked only for a group (or a store's first group) the projection has not seen yet, e.g. a product
 * created right after its group.
 *
 * The hold is a claim on the group's projection document, taken by one atomic write that fails once the
 * group is retired (RetireShippingGroup); a retirement is written only if no claim came since it read the
 * claims and counted the group's products. So either the product write is counted, or it is refused: the
 * two never interleave, in one process or across replicas sharing the database.
 */
export class ShippingGroups {
  /** Store id → until when shipping's "this store has no group" stands, so a store without groups does not cost a call per product. */
  private readonly groupless = new Map<number, number>();
  private readonly clock: () => number;
  private readonly warn: (error: unknown, message: string) => void;

  constructor(
    private readonly projection: ShippingGroupRepository,
    private readonly shipping: ShippingPort,
    options: { clock?: () => number; warn?: (error: unknown, message: string) => void } = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.warn = options.warn ?? (() => undefined);
  }

  /**
   * The group a new product takes, checked but not held yet: `requestedId` 0 means the store's default
   * group (its lowest-id group not being deleted; none when it has none). INVALID_ARGUMENT on
   * shipping_group_id for a group that is not the store's or is being deleted.
   */
  forNewProduct(storeId: number, requestedId: number): Promise<GroupSummary> {
    return requestedId === 0 ? this.defaultGroup(storeId) : this.usable(storeId, requestedId);
  }

  /**
   * Holds `picked` (from `forNewProduct`) for the write of `productId`. A group retired since it was picked
   * is refused as `forNewProduct` would refuse it now; a default group retired since is replaced by the next.
   */
  async holdForNewProduct(storeId: number, requestedId: number, picked: GroupSummary, productId: number): Promise<HeldGroup> {
    let candidate = picked;
    for (let attempt = 0; attempt < HOLD_ATTEMPTS && candidate.id !== 0; attempt++) {
      const held = await this.tryHold(storeId, candidate, productId);
      if (held) return held;
      candidate = await this.forNewProduct(storeId, requestedId);
    }
    if (candidate.id !== 0) throw conflict('The shipping group is being changed by another request; try again');
    // No group: the store has none (or its only one is being deleted, after which it has none).
    return { ...NO_GROUP, assertHeld: () => undefined, release: async () => undefined };
  }

  /** The group held for a write moving `productId` into it; refused as `forNewProduct` refuses it. */
  async hold(storeId: number, groupId: number, productId: number): Promise<HeldGroup> {
    return this.holdForNewProduct(storeId, groupId, await this.usable(storeId, groupId), productId);
  }

  private async tryHold(storeId: number, group: GroupSummary, productId: number): Promise<HeldGroup | null> {
    const token = randomUUID();
    const at = this.clock();
    if (!(await this.projection.claim(storeId, group.id, { token, product_id: productId, at: new Date(at) }))) return null;
    return {
      ...group,
      assertHeld: () => {
        if (this.clock() - at > CLAIM_LEASE_MS / 2) throw new DomainError('UNAVAILABLE', 'The product write took too long; try again');
      },
      release: () =>
        this.projection
          .release(storeId, group.id, token)
          .catch((error: unknown) => this.warn(error, 'could not release a shipping group claim; it expires')),
    };
  }

  /** The group as a product may take it, from the projection or else from shipping. */
  private async usable(storeId: number, groupId: number): Promise<GroupSummary> {
    const known = await this.projection.find(storeId, groupId);
    if (known?.deleted) throw notAGroup();
    if (known?.retirement) throw beingDeleted();
    if (known && known.sequence >= 0) return { id: known.id, name: known.name };
    const asked = await this.shipping.group(storeId, groupId);
    if (!asked) throw notAGroup();
    await this.remember(storeId, asked);
    return asked;
  }

  private async defaultGroup(storeId: number): Promise<GroupSummary> {
    const first = await this.projection.firstLive(storeId);
    if (first) return { id: first.id, name: first.name };
    if ((this.groupless.get(storeId) ?? 0) > this.clock()) return NO_GROUP;
    const fallback = await this.shipping.defaultGroup(storeId);
    if (!fallback) {
      this.rememberGroupless(storeId);
      return NO_GROUP;
    }
    await this.remember(storeId, fallback);
    // Shipping's lowest group may be the one being deleted, which the projection already knows.
    const known = await this.projection.find(storeId, fallback.id);
    return known?.deleted || known?.retirement ? NO_GROUP : fallback;
  }

  /** As long as a group's event takes to reach the projection, at most: a new first group applies to new products after it. */
  private rememberGroupless(storeId: number): void {
    if (this.groupless.size >= GROUPLESS_STORES_KEPT) this.groupless.clear();
    this.groupless.set(storeId, this.clock() + GROUPLESS_MEMORY_MS);
  }

  /** Sequence 0: the next event about the group replaces what shipping answered now. */
  private async remember(storeId: number, group: GroupSummary): Promise<void> {
    await this.projection.apply({ store_id: storeId, id: group.id, name: group.name, deleted: false, sequence: 0 });
  }
}
