import { ApiError } from '../errors/api-error';
import { nestedDeeperThan } from './nesting';

/**
 * Clients put arrays and objects inside query and form values as JSON text
 * (`countries=["US"]`, `rates=[{"shipping_class_id":1}]`). We parse them where they arrive, and
 * remember the original text so a field that really is free text (a description that happens
 * to be `["a"]`) can still be read back verbatim by `looseString`.
 */
const sourceTextOf = new WeakMap<object, string>();

/**
 * The structure for `[...]`/`{...}` text that parses; the text itself for anything else. The
 * structure itself may be `maxDepth` levels deep (`["US"]` is 1), the form names' limit: deeper is
 * a 400, as a JSON body is, before anything walks it recursively.
 */
export function expandJsonText(text: string, maxDepth: number): unknown {
  if (!looksLikeJsonStructure(text)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (nestedDeeperThan(parsed, maxDepth - 1))
    throw new ApiError(400, `A parameter's JSON value is nested too deeply (at most ${maxDepth} levels)`);
  if (typeof parsed === 'object' && parsed !== null) sourceTextOf.set(parsed, text);
  return parsed;
}

/** The JSON text a value was parsed from by `expandJsonText`, if it was. */
export function jsonTextSource(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? sourceTextOf.get(value) : undefined;
}

function looksLikeJsonStructure(text: string): boolean {
  const first = text[0];
  const last = text[text.length - 1];
  return (first === '[' && last === ']') || (first === '{' && last === '}');
}
