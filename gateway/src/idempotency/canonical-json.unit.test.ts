import { canonicalJson } from './idempotency.middleware';

/** `{"a":{"a":...{"a":1}}}`, `depth` objects deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
}

describe('canonicalJson', () => {
  it('sorts object keys at every level and keeps list order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: 'x' }], c: true } })).toBe('{"a":{"c":true,"d":[3,{"y":"x","z":null}]},"b":1}');
  });

  it('writes what JSON.stringify writes for scalars, empty containers and undefined', () => {
    expect(canonicalJson({ s: 'é"\n', n: 1.5, f: false, e: {}, l: [], u: undefined })).toBe(
      '{"e":{},"f":false,"l":[],"n":1.5,"s":"é\\"\\n","u":null}',
    );
    expect(canonicalJson([undefined, 'x'])).toBe('[null,"x"]');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('fingerprints the same parameters in another key order the same', () => {
    expect(canonicalJson({ name: 'Tea', owner: { email: 'a@b.co', login: 'a' } })).toBe(
      canonicalJson({ owner: { login: 'a', email: 'a@b.co' }, name: 'Tea' }),
    );
  });

  it('does not overflow the stack on a value nested 100,000 levels deep (it threw RangeError at ~6,000)', () => {
    const text = canonicalJson(nested(100_000));
    expect(text.startsWith('[{"a":[{"a":[')).toBe(true);
    expect(text.endsWith('}]}]')).toBe(true);
    expect(text).toContain('{"a":1}]');
    expect(text.length).toBeGreaterThan(400_000);
  });
});
