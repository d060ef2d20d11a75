import { z } from 'zod';
import { NAMED_ANSWERS } from './answers';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses) as the document holds it. */
export type JsonSchema = Record<string, unknown>;

export const SCHEMA_REF = '#/components/schemas/';
const JSON_SCHEMA_OPTIONS = { target: 'draft-2020-12', unrepresentable: 'any', override: describeUnrepresentable } as const;

/**
 * The named answer schemas (answers.ts) under components/schemas. zod converts them as one registry: each body
 * under its name, the other named schemas it holds as `$ref`s to theirs. (Converted alone, a named schema is a
 * `$ref` to its body in `$defs`: without those `$defs` it was a reference to itself, which no tool could read.)
 */
export function namedSchemas(): Record<string, unknown> {
  const { schemas } = z.toJSONSchema(namedRegistry(), { ...JSON_SCHEMA_OPTIONS, io: 'output', uri: (id) => SCHEMA_REF + id });
  // A cycle through unnamed parts would land in a `__shared` schema no component holds.
  if ('__shared' in schemas)
    throw new Error('An answer schema holds a cycle through an unnamed part: name that part (`.meta({ id })`) in answers.ts');
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, tidy(schema)]));
}

function namedRegistry() {
  const registry = z.registry<{ id: string }>();
  for (const schema of NAMED_ANSWERS) registry.add(schema, { id: z.globalRegistry.get(schema)!.id! });
  return registry;
}

const NAMED_IDS = new Set(NAMED_ANSWERS.map((schema) => z.globalRegistry.get(schema)?.id));

/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses) of a zod schema. zod puts each named part in `$defs` and refers to
 * it there: those refs go to components/schemas, which hold every named answer (namedSchemas).
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, { ...JSON_SCHEMA_OPTIONS, io }) as JsonSchema;
  const { $schema: _schema, $defs: defs, ...rest } = converted;
  const unnamed = Object.keys(defs ?? {}).filter((id) => !NAMED_IDS.has(id));
  if (unnamed.length)
    throw new Error(`Schemas the document does not name: ${unnamed.join(', ')} (list them in answers.ts's NAMED_ANSWERS)`);
  return tidy(rest) as JsonSchema;
}

/** What JSON Schema cannot say of a zod part: a unix time (the `*_min`/`*_max` filters), a decimal read from text. */
function describeUnrepresentable(context: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }): void {
  const def = context.zodSchema._zod.def as { type: string };
  if (def.type === 'date') Object.assign(context.jsonSchema, { type: 'number', description: 'unix time in seconds' });
}

const SAFE = Number.MAX_SAFE_INTEGER;

/** `$ref`s to `#/$defs/X` point at components; the ±2^53 bounds zod gives every int say nothing and go. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') result[key] = child.replace(/^#\/\$defs\//, SCHEMA_REF);
    else if ((key === 'minimum' && child === -SAFE) || (key === 'maximum' && child === SAFE)) continue;
    else if (key === '$id' || key === '$schema') continue;
    else result[key] = tidy(child);
  }
  return result;
}
