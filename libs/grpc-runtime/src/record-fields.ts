import { z } from 'zod';
import { validationFailed, type FieldViolations } from './domain.error';

// One description per record (docs/architecture.md#one-description-per-record): a record's owner-written fields are one
// zod object in its service's domain/. Each field says its type, its default on create (`.default()`), how input is
// normalized (`.trim()`, a transform) and its rule (`ruled`, `.refine`, `.superRefine`, async ones included); everything
// else is derived from it here: the violations an API client reads (keyed by the API's field names, in the schema's
// order), a checked create and a checked update's changes (INVALID_ARGUMENT naming every broken rule, field by field),
// the repository's writable fields (the keys) and the values a document written before a field existed reads as.

/** What a rule finds wrong with a value: a message for the field, or `[key, message]` under a key of its own (`photos[2]`). */
export type Finding = string | readonly [key: string, message: string];

/** The schema with its rule, run on the value as the schema reads it (trimmed, normalized); the messages are the API's. */
export function ruled<S extends z.ZodType>(schema: S, rule: (value: z.output<S>) => Finding[]): S {
  return schema.superRefine((value, ctx) => {
    for (const finding of rule(value)) {
      if (typeof finding === 'string') ctx.addIssue({ code: 'custom', message: finding });
      else ctx.addIssue({ code: 'custom', message: finding[1], params: { field: finding[0] } });
    }
  });
}

/** One broken rule as a schema reports it (a zod issue). */
export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  /** `field`: the key a `ruled` finding named. */
  readonly params?: Readonly<Record<string, unknown>>;
}

/** A path as the API spells a field: `rates[0].first_item_in_cents`. */
export function fieldNameOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, key) => {
    if (typeof key === 'number') return `${name}[${key}]`;
    return name ? `${name}.${String(key)}` : String(key);
  }, '');
}

/**
 * A schema's issues as the field violations an INVALID_ARGUMENT carries: keyed by the API's field name (or the key a
 * `ruled` finding names), in the order the schema found them, each message once per field.
 */
export function violationsOf(issues: readonly SchemaIssue[]): FieldViolations {
  const violations: FieldViolations = {};
  for (const issue of issues) {
    const key = issue.params?.field;
    const messages = (violations[typeof key === 'string' ? key : fieldNameOf(issue.path)] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return violations;
}

/** Each schema's changes schema, built once (a zod object compiles its parser on first use). */
const changesSchemas = new WeakMap<z.ZodObject, z.ZodType>();

/** The record's fields, each optional and none defaulted: what an update may give (absent = unchanged). */
function changesOf<S extends z.ZodObject>(schema: S): z.ZodType<Partial<z.output<S>>, Partial<z.input<S>>> {
  let changes = changesSchemas.get(schema);
  if (!changes) {
    const withoutDefault = (field: z.ZodType) => (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field);
    const fields = Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => [key, withoutDefault(field)]);
    changes = z.object(Object.fromEntries(fields)).partial();
    changesSchemas.set(schema, changes);
  }
  return changes as unknown as z.ZodType<Partial<z.output<S>>, Partial<z.input<S>>>;
}

/** The fields whose value is not `undefined` (what a partial parse answers for the absent ones). */
const presentFields = <T extends object>(fields: T): T =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;

/** The violations of the fields present in `fields` (absent ones are not looked at), as violationsOf lists them. */
export function fieldViolations(schema: z.ZodObject, fields: Readonly<Record<string, unknown>>): FieldViolations {
  const result = changesOf(schema).safeParse(fields);
  return result.success ? {} : violationsOf(result.error.issues);
}

/** The input checked by a record's schema: its normalised values (absent fields at their default), or INVALID_ARGUMENT. */
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

/** The changes an update gives, checked by the record's rules: only the fields present, normalised, none defaulted. */
export function checkedChanges<S extends z.ZodObject>(schema: S, input: Partial<z.input<S>>): Partial<z.output<S>> {
  return presentFields(checkedFields(changesOf(schema), input));
}

export async function checkedChangesAsync<S extends z.ZodObject>(schema: S, input: Partial<z.input<S>>): Promise<Partial<z.output<S>>> {
  return presentFields(await checkedFieldsAsync(changesOf(schema), input));
}

/** The derivations of one record's fields bound to its schema (see the top of this file). */
export interface RecordFields<T extends Record<string, unknown>> {
  /** The field names, in the schema's order: what a repository writes besides the record's own bookkeeping. */
  readonly keys: readonly (keyof T & string)[];
  /** A create's input, checked (checkedFields), normalized, absent fields at their default. */
  create(fields: object): T;
  /** An update's changes, checked (checkedChanges), normalized: only the fields present, none defaulted. */
  changes(fields: object): Partial<T>;
  /** The fields of a stored record; one written before a field existed reads as that field's default. */
  read(record: Partial<T>): T;
}

export function recordFields<S extends z.ZodRawShape>(schema: z.ZodObject<S>): RecordFields<z.output<z.ZodObject<S>>> {
  type Fields = z.output<z.ZodObject<S>>;
  const entries = Object.entries(schema.shape) as [keyof Fields & string, z.ZodType][];
  const defaulted = new Map(entries.filter(([, field]) => field instanceof z.ZodDefault));
  const keys = entries.map(([key]) => key);
  return {
    keys,
    create: (fields) => checkedFields(schema, fields as z.input<typeof schema>),
    changes: (fields) => checkedChanges(schema, fields as Partial<z.input<typeof schema>>) as Partial<Fields>,
    // Every read of a record passes here (each product a page lists, each of its variants): a plain loop onto a new
    // object keeps it a fast-properties object, where Object.fromEntries made a dictionary that every spread after it
    // paid for; a default is parsed only for a field the document lacks.
    read: (record) => {
      const fields: Record<string, unknown> = {};
      for (const key of keys) fields[key] = record[key] ?? defaulted.get(key)?.parse(undefined);
      return fields as Fields;
    },
  };
}
