import { ApiError } from '../errors/api-error';
import { expandJsonText } from './json-text';

/** One request's parameters: query and body merged, bracket names nested, JSON text expanded. */
export type Params = Record<string, unknown>;

export interface ParamLimits {
  /** More name=value pairs than this is a 400, not a silent truncation. */
  maxParams: number;
  /** Bracket levels below the top name (`a[b][c]` is 2). */
  maxDepth: number;
}

export const DEFAULT_PARAM_LIMITS: ParamLimits = { maxParams: 1000, maxDepth: 8 };

/** A name's nested children while parsing; becomes an array if every key is an index. */
interface Branch {
  kind: 'branch';
  children: Map<string, Node>;
  /** Where the next `[]` goes: one past the highest index seen. */
  nextIndex: number;
}
/** Every value given for one name; several values for the same name become an array. */
interface Leaf {
  kind: 'leaf';
  values: unknown[];
}
type Node = Branch | Leaf;

const INDEX = /^(0|[1-9]\d{0,8})$/;

/**
 * Parses `application/x-www-form-urlencoded` text (a query string or a form body) the way the
 * original API's clients expect (Rails/PHP conventions, written here rather than relying on
 * `qs`, which the gateway does not declare and which caps arrays at 20):
 * - `owner[email]=x` → `{owner: {email: 'x'}}`
 * - `items[]=1&items[]=2` → `{items: ['1', '2']}`; `a=1&a=2` → `{a: ['1', '2']}`
 * - `rates[0][shipping_class_id]=3` → `{rates: [{shipping_class_id: '3'}]}` (indices compacted, in index order)
 * - `countries=["US"]` → `{countries: ['US']}` (JSON text of an array/object is parsed)
 * When a name is used with two shapes (`a=1&a[b]=2`), the later one wins.
 */
export function parseParamString(text: string, limits: ParamLimits = DEFAULT_PARAM_LIMITS): Params {
  const root = newBranch();
  let count = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    if (++count > limits.maxParams) throw new ApiError(400, `Too many parameters (at most ${limits.maxParams})`);
    const path = splitName(name);
    if (path.length - 1 > limits.maxDepth) throw new ApiError(400, `Parameter ${name} is nested too deeply`);
    insert(root, path, expandJsonText(value));
  }
  return finishObject(root);
}

/** Body over query: nested objects merge key by key, anything else given in the body replaces the query's. */
export function mergeParams(under: Params, over: Params): Params {
  if (isEmpty(over)) return under;
  if (isEmpty(under)) return over;
  // A Map then fromEntries: a JSON body key `__proto__` stays an ordinary key, never a prototype.
  const merged = new Map<string, unknown>(Object.entries(under));
  for (const [key, value] of Object.entries(over)) {
    const prior = merged.get(key);
    merged.set(key, isRecord(prior) && isRecord(value) ? mergeParams(prior, value) : value);
  }
  return Object.fromEntries(merged);
}

export function isRecord(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `a[b][]` → ['a', 'b', '']; a name with stray brackets (`a[b`, `[a]`, `a[b]c`) is taken literally. */
function splitName(name: string): string[] {
  const open = name.indexOf('[');
  if (open <= 0) return [name];
  const path = [name.slice(0, open)];
  let at = open;
  while (at < name.length) {
    const close = name.indexOf(']', at);
    if (name[at] !== '[' || close === -1) return [name];
    path.push(name.slice(at + 1, close));
    at = close + 1;
  }
  return path;
}

function insert(root: Branch, path: string[], value: unknown): void {
  let branch = root;
  for (let depth = 0; depth < path.length - 1; depth++) {
    const key = keyFor(branch, path[depth]);
    const existing = branch.children.get(key);
    if (existing?.kind === 'branch') {
      branch = existing;
      continue;
    }
    const child = newBranch();
    branch.children.set(key, child);
    branch = child;
  }
  const key = keyFor(branch, path[path.length - 1]);
  const existing = branch.children.get(key);
  if (existing?.kind === 'leaf') existing.values.push(value);
  else branch.children.set(key, { kind: 'leaf', values: [value] });
}

/** `[]` takes the next free index; an explicit index moves that mark past itself. */
function keyFor(branch: Branch, segment: string): string {
  if (segment === '') return String(branch.nextIndex++);
  if (INDEX.test(segment)) branch.nextIndex = Math.max(branch.nextIndex, Number(segment) + 1);
  return segment;
}

function finish(node: Node): unknown {
  if (node.kind === 'leaf') return node.values.length === 1 ? node.values[0] : node.values;
  const keys = [...node.children.keys()];
  if (keys.every((key) => INDEX.test(key))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => finish(node.children.get(String(index)) as Node));
  }
  return finishObject(node);
}

function finishObject(branch: Branch): Params {
  return Object.fromEntries([...branch.children].map(([key, child]) => [key, finish(child)]));
}

function newBranch(): Branch {
  return { kind: 'branch', children: new Map(), nextIndex: 0 };
}

function isEmpty(params: Params): boolean {
  for (const _key in params) return false;
  return true;
}
