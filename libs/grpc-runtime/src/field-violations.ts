import type { FieldViolations } from './domain.error';

/** One broken rule as a schema library reports it (zod's issue has this shape); spelled here so this library needs no zod. */
export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** A path as the API spells a field: `rates[0].first_item_in_cents`. */
export function fieldNameOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, key) => {
    if (typeof key === 'number') return `${name}[${key}]`;
    return name ? `${name}.${String(key)}` : String(key);
  }, '');
}

/**
 * A record schema's issues as the field violations an INVALID_ARGUMENT carries: keyed by the API's field name, in the order
 * the schema found them, each message once per field. A service's domain/ declares a record's fields and their rules once
 * (a zod schema) and answers its violations through this (docs/architecture.md#one-description-per-record).
 */
export function violationsOf(issues: readonly SchemaIssue[]): FieldViolations {
  const violations: FieldViolations = {};
  for (const issue of issues) {
    const messages = (violations[fieldNameOf(issue.path)] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return violations;
}
