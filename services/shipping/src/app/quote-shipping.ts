import type { shipping } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import { hasViolations } from '../domain/shipping-input';
import { checkQuoteRequest, quoteShipping as priceClasses, type QuoteLineInput } from '../domain/shipping-quote';
import type { ShippingDeps } from './shipping-deps';

/**
 * Checkout's question: which classes ship these lines to the country, and for how much. "Does not ship
 * there" is an answer (ships_to_destination false, no quotes), not an error: orders decides what it means
 * for the order (FAILED_PRECONDITION DOES_NOT_SHIP when the buyer's chosen class is not offered).
 */
export async function quoteShipping(
  deps: Pick<ShippingDeps, 'repository'>,
  storeId: number,
  country: string,
  lines: QuoteLineInput[],
): Promise<shipping.QuoteShippingResponse> {
  const { country: destination, violations } = checkQuoteRequest(country, lines);
  if (hasViolations(violations)) throw validationFailed(violations);
  const { shipping: config } = await deps.repository.load(storeId);
  const quotes = priceClasses(config, destination, lines);
  return { ships_to_destination: quotes.length > 0, quotes };
}
