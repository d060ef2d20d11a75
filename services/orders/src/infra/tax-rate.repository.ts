import type { DomainEvent, OutboxCollection } from '@commerce/events';
import { DuplicateKeyError } from '@commerce/persistence';
import { applicableTaxRate, DUPLICATE_PLACE, taxRateRecordFields, type TaxRate } from '../domain/tax-rate';

/**
 * A tax rate document: the record, and its events not yet relayed. A deleted rate stays only until its
 * tax_rate/deleted is published (the event travels in the document's outbox), then `purgeDeleted` removes it.
 */
export interface TaxRateDocument extends TaxRate {
  [key: string]: unknown;
  /** 0 while the rate lives; its id once deleted, so a deleted rate never holds its (country, state) place. */
  deleted_id: number;
  outbox: DomainEvent[];
}

const LIVE = { deleted_id: 0 };
/** The record's own fields (taxRateFields) and what orders keeps beside them. */
const WRITABLE_FIELDS = [...taxRateRecordFields.keys, 'updated_at', 'version'] as const;

export class TaxRateRepository {
  static readonly collection = 'tax_rates';

  constructor(private readonly rates: OutboxCollection<TaxRateDocument>) {}

  /** The rate with its created event, or DUPLICATE_PLACE. */
  async insert(rate: TaxRate, event: DomainEvent): Promise<TaxRate | typeof DUPLICATE_PLACE> {
    try {
      return await this.rates.insertWithEvents({ ...rate, ...LIVE }, [event]);
    } catch (error) {
      if (error instanceof DuplicateKeyError) return DUPLICATE_PLACE;
      throw error;
    }
  }

  findLive(storeId: number, rateId: number): Promise<TaxRate | null> {
    return this.rates.findOne({ store_id: storeId, id: rateId, ...LIVE });
  }

  /** The store's live rates by country, then state ('' first). */
  list(storeId: number): Promise<TaxRate[]> {
    return this.rates.find({ store_id: storeId, ...LIVE }, { sort: { country: 1, state: 1 } });
  }

  countLive(storeId: number): Promise<number> {
    return this.rates.count({ store_id: storeId, ...LIVE });
  }

  /** The rate a destination pays (applicableTaxRate), from one read of the country's rates for '' and the state. */
  async forDestination(storeId: number, country: string, state: string): Promise<TaxRate | null> {
    const [destinationCountry, destinationState] = [country.trim().toUpperCase(), state.trim().toUpperCase()];
    const candidates = await this.rates.find({
      store_id: storeId,
      country: destinationCountry,
      state: { $in: [...new Set(['', destinationState])] },
      ...LIVE,
    });
    return applicableTaxRate(candidates, destinationCountry, destinationState);
  }

  /**
   * Writes `next` over the live rate if nobody wrote it since `current` was read: the rate as written, null when
   * somebody did (or deleted it), DUPLICATE_PLACE when another live rate holds its new (country, state).
   */
  async replace(current: TaxRate, next: TaxRate, event: DomainEvent): Promise<TaxRate | null | typeof DUPLICATE_PLACE> {
    const $set: Record<string, unknown> = {};
    for (const field of WRITABLE_FIELDS) $set[field] = next[field];
    try {
      return await this.rates.findOneAndUpdateWithEvents(
        { store_id: current.store_id, id: current.id, version: current.version, ...LIVE },
        { $set },
        [event],
        { returnDocument: 'after' },
      );
    } catch (error) {
      if (error instanceof DuplicateKeyError) return DUPLICATE_PLACE;
      throw error;
    }
  }

  /** Deletes the live rate as `current` read it, with its deleted event: false when somebody wrote it since. */
  async remove(current: TaxRate, event: DomainEvent): Promise<boolean> {
    const result = await this.rates.updateWithEvents(
      { store_id: current.store_id, id: current.id, version: current.version, ...LIVE },
      { $set: { deleted_id: current.id, version: current.version + 1 } },
      [event],
    );
    return result.matched > 0;
  }

  /** Removes the deleted rates whose events are published (the relay emptied their outbox): how many. */
  purgeDeleted(): Promise<number> {
    return this.rates.deleteMany({ deleted_id: { $gt: 0 }, 'outbox.0': { $exists: false } });
  }
}
