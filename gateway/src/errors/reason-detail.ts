import type { FieldErrors } from './api-error';

/** What a broken rule's ErrorInfo says, as the gateway received it. */
export interface ReasonFailure {
  message: string;
  metadata?: Record<string, string>;
}

/** The parts of an answer a reason words itself; absent parts keep the service's message and no `errors`. */
export interface ReasonWording {
  message?: string;
  fieldErrors?: FieldErrors;
}

export type ReasonDetail = (failure: ReasonFailure) => ReasonWording;

interface ShortVariant {
  variant_id: number;
  requested: number;
  in_stock: number;
}

/**
 * INSUFFICIENT_STOCK: `errors.items` holds one readable line per short variant, from orders'
 * `short_variants` (JSON `[{variant_id, requested, in_stock}]`) or catalog's flat `variant_id`,
 * `requested`, `in_stock`; the service's message stands in when neither is readable.
 */
export const outOfStockDetail: ReasonDetail = ({ message, metadata = {} }) => {
  const short = shortVariantsOf(metadata);
  return { fieldErrors: { items: short.length > 0 ? short.map(describeShortVariant) : [message] } };
};

function shortVariantsOf(metadata: Record<string, string>): ShortVariant[] {
  if (metadata.short_variants !== undefined) {
    let listed: unknown;
    try {
      listed = JSON.parse(metadata.short_variants);
    } catch {
      return [];
    }
    return Array.isArray(listed) ? listed.map(asShortVariant).filter((variant): variant is ShortVariant => variant !== undefined) : [];
  }
  const flat = asShortVariant(metadata);
  return flat ? [flat] : [];
}

function asShortVariant(value: unknown): ShortVariant | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { variant_id, requested, in_stock } = value as Record<string, unknown>;
  const counts = [variant_id, requested, in_stock].map(countOf);
  return counts.every((count) => count !== undefined) ? { variant_id: counts[0]!, requested: counts[1]!, in_stock: counts[2]! } : undefined;
}

/** A whole number sent as a JSON number or as text (ErrorInfo metadata values are strings). */
function countOf(value: unknown): number | undefined {
  const count = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(count) ? count : undefined;
}

function describeShortVariant({ variant_id, requested, in_stock }: ShortVariant): string {
  return in_stock <= 0
    ? `variant ${variant_id} is out of stock (${requested} requested)`
    : `variant ${variant_id} has only ${in_stock} in stock (${requested} requested)`;
}

const PAST_TENSE: Readonly<Record<string, string>> = { ship: 'shipped', hold: 'put on hold', open: 'opened', cancel: 'canceled' };

/**
 * ILLEGAL_TRANSITION: the message names the order's current status (metadata `status`, `action`).
 * The service's own message is kept when it does (it may say why); otherwise one is written here.
 */
export const transitionDetail: ReasonDetail = ({ message, metadata = {} }) => {
  const { status, action } = metadata;
  if (!status || message.includes(status)) return {};
  const verb = (action !== undefined && Object.hasOwn(PAST_TENSE, action) ? PAST_TENSE[action] : undefined) ?? 'changed this way';
  return { message: `An order that is ${status} cannot be ${verb}` };
};
