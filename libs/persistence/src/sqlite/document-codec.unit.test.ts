import { decodeDocument, encodeDocument } from './document-codec';

describe('document codec', () => {
  it('stores Dates at any depth as {$date} and gives them back as Dates, leaving the input untouched', () => {
    const at = new Date('2024-05-06T07:08:09.010Z');
    const input = { id: 1, at, nested: { at, plain: { n: 1 } }, history: [{ at }, at, 'text', [at]], untouched: { deep: [{ x: 1 }] } };
    const snapshot = structuredClone(input);

    const { json, arrayPaths } = encodeDocument(input);

    expect(input).toEqual(snapshot);
    expect(JSON.parse(json)).toMatchObject({
      at: { $date: at.getTime() },
      nested: { at: { $date: at.getTime() } },
      history: [{ at: { $date: at.getTime() } }, { $date: at.getTime() }, 'text', [{ $date: at.getTime() }]],
    });
    expect(decodeDocument(json)).toEqual(input);
    expect([...arrayPaths].sort()).toEqual(['history', 'history[]', 'untouched.deep']);
  });

  it('drops undefined fields, writes null for undefined array elements, and keeps the field order', () => {
    const { json } = encodeDocument({ b: 1, gone: undefined, a: [1, undefined, 3], c: { d: undefined, e: 2 } });

    expect(json).toBe('{"b":1,"a":[1,null,3],"c":{"e":2}}');
  });

  it('stores a class instance as its own fields, never through its toJSON', () => {
    class Money {
      constructor(readonly cents: number) {}
      toJSON(): string {
        return `${this.cents / 100}`;
      }
    }

    expect(JSON.parse(encodeDocument({ price: new Money(1250), list: [new Money(5)] }).json)).toEqual({
      price: { cents: 1250 },
      list: [{ cents: 5 }],
    });
  });

  it('refuses field names MongoDB would refuse and values JSON cannot hold, wherever they are', () => {
    expect(() => encodeDocument({ ok: [{ $where: 1 }] })).toThrow(/may not start with \$/);
    expect(() => encodeDocument({ ok: { 'a.b': 1 } })).toThrow(/contain a dot/);
    expect(() => encodeDocument({ ok: { n: Number.NaN } })).toThrow('ok.n: only finite numbers can be stored');
    expect(() => encodeDocument({ ok: [new Date(Number.NaN)] })).toThrow('Invalid Date at ok');
    expect(() => encodeDocument({ big: 1n })).toThrow('big: a bigint cannot be stored');
  });
});
