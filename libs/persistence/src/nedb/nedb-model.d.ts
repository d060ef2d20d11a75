// NeDB's own value ordering, matching and copying, so the ordered indexes answer exactly what NeDB would.
// The package ships no types for its lib/ files; these are the signatures of @seald-io/nedb 4.x.
declare module '@seald-io/nedb/lib/model.js' {
  /** Total order over NeDB values: undefined < null < numbers < strings < booleans < Dates < arrays < objects. */
  export function compareThings(a: unknown, b: unknown): number;
  /** NeDB's query semantics (what find/count/update/remove apply to every candidate). */
  export function match(doc: unknown, query: Record<string, unknown>): boolean;
  /** Copies objects and arrays; Dates and primitives are returned as they are. strictKeys drops `$…` and dotted keys. */
  export function deepCopy<T>(value: T, strictKeys?: boolean): T;
  /** The value at a dot path; through an array it is the array of the elements' values. */
  export function getDotValue(doc: unknown, field: string): unknown;
  /** Applies an operator update to a copy of `doc`. */
  export function modify<T>(doc: T, update: Record<string, unknown>): T;
}
