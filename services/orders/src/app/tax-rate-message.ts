import { presentTaxRate } from '@commerce/api-presenters';
import type { orders } from '@commerce/contracts';
import { newEvent, type DomainEvent } from '@commerce/events';
import { notFound } from '@commerce/grpc-runtime';
import type { TaxRate } from '../domain/tax-rate';
import type { OrdersDeps } from './orders-deps';

/** The contract's TaxRate: the record's fields, without what orders keeps for itself. */
export function taxRateMessage(rate: TaxRate): orders.TaxRate {
  return {
    id: rate.id,
    country: rate.country,
    state: rate.state,
    name: rate.name,
    rate_ppm: rate.rate_ppm,
    applies_to_shipping: rate.applies_to_shipping,
    created_at: rate.created_at,
    updated_at: rate.updated_at,
  };
}

/**
 * The rate's event, `resource` rendered as the API renders it (the gateway's presenter) in the store's zone; its
 * sequence is the version the write gives the rate.
 */
export function taxRateEvent(
  verb: 'created' | 'updated' | 'deleted',
  rate: TaxRate,
  sequence: number,
  timeZone: string,
  now: Date,
): DomainEvent {
  return newEvent({
    topic: `tax_rate/${verb}`,
    storeId: rate.store_id,
    resourceType: 'tax_rate',
    resourceId: rate.id,
    sequence,
    resource: presentTaxRate(taxRateMessage(rate), timeZone),
    now,
  });
}

/** The store's live rate; another store's, a deleted one or none is NOT_FOUND alike. */
export async function findTaxRate(deps: Pick<OrdersDeps, 'taxRates'>, storeId: number, rateId: number): Promise<TaxRate> {
  const rate = await deps.taxRates.findLive(storeId, rateId);
  if (!rate) throw notFound('Tax rate');
  return rate;
}

/** Writes that lost a race with another write of the same rate are tried again from a fresh read, this many times. */
export const WRITE_ATTEMPTS = 5;
