import type { catalog } from '@commerce/contracts';
import { DuplicateKeyError, type Collection } from '@commerce/persistence';
import type { StockLine } from '../domain/stock';

/**
 * pending → reserved → releasing → released. A pending reservation is being taken (or a crash
 * interrupted it: the start-up sweep puts back what it holds and forgets it); releasing is being put back.
 */
export type ReservationState = 'pending' | 'reserved' | 'releasing' | 'released';

export interface ReservationDocument {
  [key: string]: unknown;
  store_id: number;
  order_key: string;
  id: number;
  state: ReservationState;
  /** The request's lines, each with the product holding its variant. */
  lines: (StockLine & { product_id: number })[];
  /** Every product the lines touch, ascending: where the stock marks are. */
  product_ids: number[];
  /** The answer of ReserveStock once reserved. */
  reserved_lines: catalog.ReservedLine[];
  /** Whether a release began from 'pending' (unmarked products were never taken) or from 'reserved'. */
  released_from?: 'pending' | 'reserved';
  /** True until the products' stock marks are cleared after the reservation settled. */
  marks_pending: boolean;
  updated_at: Date;
}

export type NewReservation = Pick<ReservationDocument, 'store_id' | 'order_key' | 'id' | 'lines' | 'product_ids' | 'updated_at'>;

export class ReservationRepository {
  static readonly collection = 'reservations';

  constructor(private readonly reservations: Collection<ReservationDocument>) {}

  find(storeId: number, orderKey: string): Promise<ReservationDocument | null> {
    return this.reservations.findOne({ store_id: storeId, order_key: orderKey });
  }

  /** Inserts a pending reservation; answers null when the key already has one (read it instead). */
  async insertPending(reservation: NewReservation): Promise<ReservationDocument | null> {
    try {
      return await this.reservations.insertOne({ ...reservation, state: 'pending', reserved_lines: [], marks_pending: true });
    } catch (error) {
      if (error instanceof DuplicateKeyError) return null;
      throw error;
    }
  }

  /**
   * Inserts a restock: stock to put back that was taken (released_from 'reserved'), releasing from the start, so the
   * release path and its sweep move it. Null when the key has a record already.
   */
  async insertReleasing(restock: NewReservation): Promise<ReservationDocument | null> {
    try {
      return await this.reservations.insertOne({
        ...restock,
        state: 'releasing',
        released_from: 'reserved',
        reserved_lines: [],
        marks_pending: true,
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError) return null;
      throw error;
    }
  }

  /** Moves from one state to the next only if it is still in `from` (two callers never both win). */
  transition(
    reservation: ReservationDocument,
    from: ReservationState[],
    changes: Partial<ReservationDocument>,
  ): Promise<ReservationDocument | null> {
    return this.reservations.findOneAndUpdate(
      { store_id: reservation.store_id, id: reservation.id, state: { $in: from } },
      { $set: { ...changes, updated_at: new Date() } },
    );
  }

  async marksCleared(reservation: ReservationDocument): Promise<void> {
    await this.reservations.updateOne({ store_id: reservation.store_id, id: reservation.id }, { $set: { marks_pending: false } });
  }

  /** A failed reservation is forgotten, so a retry with the same key starts afresh. */
  async remove(reservation: ReservationDocument): Promise<void> {
    await this.reservations.deleteOne({ store_id: reservation.store_id, id: reservation.id, state: 'pending' });
  }

  /** Start-up sweep across stores: reservations a crash left half-way (not yet settled, or marks not cleared). */
  unsettled(limit: number): Promise<ReservationDocument[]> {
    return this.reservations.find({ marks_pending: true }, { sort: { id: 1 }, limit });
  }
}
