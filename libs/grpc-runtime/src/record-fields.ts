import type { FieldViolations } from './domain.error';
import { z } from 'zod';

// One description per record (docs/architecture.md#one-description-per-record): a record's owner-written fields are
// one zod object in its service's domain/ (catalog: productFields, variantFields, collectionFields). Each field says its type, its default
// on create (`.default()`), how input is normalized (`.trim()`, a transform) and its rule (`ruled`); everything else
// is derived from it here: the create input (z.infer), the changes of an update, the violations an API client reads,
// the repository's writable fields (the keys) and the values a document written before a field existed reads as.

/** What a rule finds wrong with a value: a message for the field, or `[key, message]` under a key of its own (`photos[2]`). */
export type Finding = string | readonly [key: string, message: string];

/** The schema with its rule, run on the value as the schema reads it (trimmed, normalized); the messages are the API's. */
export function ruled<S extends z.ZodType>(schema: S, rule: (value: z.output<S>) => Finding[]): S {
  return schema.superRefine((value, ctx) => {
    for (const finding of rule(value)) {
      if (typeof finding === 'string') ctx.addIssue({ code: 'custom', message: finding });
      else ctx.addIssue({ code: 'custom', message: finding[1], path: [finding[0]] });
    }
  });
}

/**
 * The violations of every field present in `fields`, checked by its schema in `shape`, listed in the shape's order
 * and keyed by the field's name (or the key its rule names). Fields the shape does not hold are not looked at.
 */
export function fieldViolations(shape: z.ZodRawShape, fields: Readonly<Record<string, unknown>>): FieldViolations {
  const violations: FieldViolations = {};
  for (const [field, schema] of Object.entries(shape)) {
    if (fields[field] === undefined) continue;
    const parsed = z.safeParse(schema, fields[field]);
    if (parsed.success) continue;
    for (const issue of parsed.error.issues) (violations[issue.path.length ? String(issue.path[0]) : field] ??= []).push(issue.message);
  }
  return violations;
}

/** The derivations of one record's fields (see the top of this file). */
export interface RecordFields<T extends Record<string, unknown>> {
  /** The field names, in the schema's order: what a repository writes besides the record's own bookkeeping. */
  readonly keys: readonly (keyof T & string)[];
  /** A create's input, normalized, absent fields at their default (call after fieldViolations found nothing). */
  create(fields: object): T;
  /** An update's changes, normalized: only the fields present, none defaulted. */
  changes(fields: object): Partial<T>;
  /** The fields of a stored record; one written before a field existed reads as that field's default. */
  read(record: Partial<T>): T;
}

export function recordFields<S extends z.ZodRawShape>(schema: z.ZodObject<S>): RecordFields<z.output<z.ZodObject<S>>> {
  type Fields = z.output<z.ZodObject<S>>;
  const entries = Object.entries(schema.shape) as [keyof Fields & string, z.ZodType][];
  const withoutDefault = (field: z.ZodType) => (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field);
  const changes = z.object(Object.fromEntries(entries.map(([key, field]) => [key, withoutDefault(field).optional()])));
  const defaulted = new Map(entries.filter(([, field]) => field instanceof z.ZodDefault));
  const keys = entries.map(([key]) => key);
  return {
    keys,
    create: (fields) => schema.parse(fields),
    changes: (fields) => {
      const parsed = changes.parse(fields) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined)) as Partial<Fields>;
    },
    read: (record) => Object.fromEntries(keys.map((key) => [key, record[key] ?? defaulted.get(key)?.parse(undefined)])) as Fields,
  };
}
