import type { Response } from 'express';
import type { z } from 'zod';
import { paramsIfRead } from './input';
import { fieldName } from './parse-input';
import { isRecord, type Params } from './params';

/**
 * Which of a request's parameters its call ignored: names its input schema does not take. They are accepted (clients
 * written for the original API send extras) and named in the answer's `meta.ignored_params`
 * (docs/api-conventions.md#unknown-parameters), bounded in count and length so the answer never echoes input at will.
 */
export interface IgnoredParams {
  /** At most MAX_IGNORED_NAMES names, as the API spells inputs (`owner[colour]`, `rates[0][tint]`), each cut to MAX_IGNORED_NAME_LENGTH. */
  names: string[];
  /** How many names were ignored in all. */
  total: number;
}

export const MAX_IGNORED_NAMES = 20;
export const MAX_IGNORED_NAME_LENGTH = 64;
/** Top-level names no input schema lists but that are never ignored: credentials, and paging, which lists read. */
const ALWAYS_TAKEN = new Set(['api_key', 'access_token', 'page', 'per_page', 'limit']);

type Schema = z.core.$ZodType;
type Path = readonly PropertyKey[];

/** The names of `params` that `schema` (a call's input; undefined for a call without any) would drop. */
export function ignoredParams(schema: Schema | undefined, params: Params): IgnoredParams {
  const found: IgnoredParams = { names: [], total: 0 };
  const note = (path: Path) => {
    if (path.length === 1 && ALWAYS_TAKEN.has(String(path[0]))) return;
    found.total++;
    if (found.names.length < MAX_IGNORED_NAMES) found.names.push(bounded(fieldName(path)));
  };
  if (schema) visit(schema, params, [], note);
  else for (const name of Object.keys(params)) note([name]);
  return found;
}

/**
 * Walks `value` along `schema` as zod would parse it: through optional, nullable, default, lazy and pipe wrappers,
 * running preprocess steps on the value first (a rate sent wrapped as `{shipping_rate: {...}}` is read unwrapped),
 * into objects and lists, and notes every key a stripping object would drop.
 */
function visit(schema: Schema, value: unknown, path: Path, note: (path: Path) => void): void {
  const inner = unwrap(schema, value);
  if (!inner) return;
  const def = inner.schema._zod.def as {
    type: string;
    shape?: Record<string, Schema>;
    catchall?: Schema;
    element?: Schema;
    options?: Schema[];
  };
  const current = inner.value;
  if (def.type === 'object' && isRecord(current)) {
    for (const [key, field] of Object.entries(current)) {
      if (Object.hasOwn(def.shape!, key)) visit(def.shape![key]!, field, [...path, key], note);
      else if (def.catchall === undefined) note([...path, key]);
    }
  } else if (def.type === 'array' && Array.isArray(current)) {
    current.forEach((element, index) => visit(def.element!, element, [...path, index], note));
  } else if (def.type === 'union') {
    visitUnion(def.options!, current, path, note);
  }
}

/** A value read by a union: the member that would drop the fewest names is the one it is read as. */
function visitUnion(options: Schema[], value: unknown, path: Path, note: (path: Path) => void): void {
  let fewest: Path[] | undefined;
  for (const option of options) {
    const dropped: Path[] = [];
    visit(option, value, path, (droppedPath) => dropped.push(droppedPath));
    if (!fewest || dropped.length < fewest.length) fewest = dropped;
  }
  for (const droppedPath of fewest ?? []) note(droppedPath);
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The schema under its wrappers and the value as it reaches it; undefined when a preprocess step does not give a plain value. */
function unwrap(schema: Schema, value: unknown): { schema: Schema; value: unknown } | undefined {
  let current = schema;
  let currentValue = value;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: Schema; getter?: () => Schema; in?: Schema; out?: Schema };
    if (WRAPPERS.has(def.type)) current = def.innerType!;
    else if (def.type === 'lazy') current = def.getter!();
    else if (def.type !== 'pipe') return { schema: current, value: currentValue };
    else if (def.in!._zod.def.type !== 'transform') current = def.in!;
    else {
      // z.preprocess(step, schema): the step reads the raw value, the schema its result.
      const step = (def.in!._zod.def as z.core.$ZodTransformDef).transform;
      try {
        currentValue = step(currentValue, { value: currentValue, issues: [] });
      } catch {
        return undefined;
      }
      if (currentValue instanceof Promise) return undefined;
      current = def.out!;
    }
  }
}

function bounded(name: string): string {
  return name.length <= MAX_IGNORED_NAME_LENGTH ? name : `${name.slice(0, MAX_IGNORED_NAME_LENGTH - 1)}…`;
}

/** The input schema of the call each response answers (null: a call without input); calls not listed name nothing. */
const inputSchemaOf = new WeakMap<Response, Schema | null>();

/** Says which schema the call answered by `res` reads its parameters with (operation() does, for every /v1 call). */
export function noteInputSchema(res: Response, schema: Schema | undefined): void {
  inputSchemaOf.set(res, schema ?? null);
}

/** `{ignored_params, ignored_params_total?}` for the answer's meta, or undefined when the call ignored nothing. */
export function ignoredParamsMeta(res: Response): Record<string, unknown> | undefined {
  const schema = inputSchemaOf.get(res);
  const params = schema === undefined ? undefined : paramsIfRead(res.req);
  if (!params) return undefined;
  const { names, total } = ignoredParams(schema ?? undefined, params);
  if (total === 0) return undefined;
  return total > names.length ? { ignored_params: names, ignored_params_total: total } : { ignored_params: names };
}
