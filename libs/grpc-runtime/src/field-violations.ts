import type { z } from 'zod';
import { validationFailed, type FieldViolations } from './domain.error';

/** One broken rule as a schema reports it (a zod issue). */
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

/** The input checked by a record's schema: its normalised values, or INVALID_ARGUMENT naming every broken rule, field by field. */
export function checkedFields<S extends z.ZodType>(schema: S, input: z.input<S>): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(violationsOf(result.error.issues));
  return result.data;
}

/** As `checkedFields`, for a schema whose rules wait on something (an address resolved). */
export async function checkedFieldsAsync<S extends z.ZodType>(schema: S, input: z.input<S>): Promise<z.output<S>> {
  const result = await schema.safeParseAsync(input);
  if (!result.success) throw validationFailed(violationsOf(result.error.issues));
  return result.data;
}

/** The changes an update gives, checked by the record's rules: only the fields present (absent = unchanged), normalised. */
export function checkedChanges<S extends z.ZodObject>(schema: S, input: Partial<z.input<S>>): Partial<z.output<S>> {
  return presentFields(checkedFields(schema.partial(), input) as Partial<z.output<S>>);
}

export async function checkedChangesAsync<S extends z.ZodObject>(schema: S, input: Partial<z.input<S>>): Promise<Partial<z.output<S>>> {
  return presentFields((await checkedFieldsAsync(schema.partial(), input)) as Partial<z.output<S>>);
}

/** The fields whose value is not `undefined` (what a partial parse answers for the absent ones). */
const presentFields = <T extends object>(fields: T): T =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
