import type { FieldViolations } from '@commerce/grpc-runtime';

/**
 * The most characters a fulfillment's free-text fields keep. An order holds every fulfillment and travels whole in
 * its events (at most 1 MiB on the broker): a hundred shipments of at most ~2.4 KB each stay far below it.
 */
export const TRACKING_LIMITS = { tracking_number: 200, shipping_company: 200, note_to_customer: 2_000 } as const;

/** The fields a ship call or a fulfillment update sets (undefined: not given). */
export type TrackingFields = Partial<Record<keyof typeof TRACKING_LIMITS, string>>;

/** Each field given longer than its limit, named: `tracking_number: ['is too long (maximum is 200 characters)']`. */
export function trackingViolations(fields: TrackingFields): FieldViolations {
  const violations: FieldViolations = {};
  for (const [field, limit] of Object.entries(TRACKING_LIMITS)) {
    const value = fields[field as keyof TrackingFields];
    if (value !== undefined && value.length > limit) violations[field] = [`is too long (maximum is ${limit} characters)`];
  }
  return violations;
}
