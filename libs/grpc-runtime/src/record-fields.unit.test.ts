import { z } from 'zod';
import { fieldViolations, recordFields, ruled } from './record-fields';

const shape = {
  name: ruled(z.string().trim(), (name) => (name === '' ? ["can't be blank"] : [])),
  placement: ruled(z.string(), (word) => (word === 'top' ? [] : ['must be top'])),
  urls: ruled(z.array(z.string()), (urls) =>
    urls.flatMap((url, i) => (url.startsWith('http') ? [] : [[`urls[${i}]`, 'must be a URL'] as const])),
  ),
  flag: z.boolean().default(true),
};
const fields = z.object(shape).omit({ placement: true });
const derived = recordFields(fields);

describe('fieldViolations', () => {
  it('checks only the fields present, in the shape order, keyed by the field or the key its rule names', () => {
    expect(fieldViolations(shape, {})).toEqual({});
    const violations = fieldViolations(shape, { urls: ['x', 'http://a', 'y'], name: ' ', placement: 'left', other: 1 });
    expect(violations).toEqual({
      name: ["can't be blank"],
      placement: ['must be top'],
      'urls[0]': ['must be a URL'],
      'urls[2]': ['must be a URL'],
    });
    expect(Object.keys(violations)).toEqual(['name', 'placement', 'urls[0]', 'urls[2]']);
  });
});

describe('recordFields', () => {
  it('derives the keys, a create with defaults, changes without them, and reads an old record at the defaults', () => {
    expect(derived.keys).toEqual(['name', 'urls', 'flag']);
    expect(derived.create({ name: ' Tea ', urls: [], placement: 'top', store_id: 1 })).toEqual({ name: 'Tea', urls: [], flag: true });
    expect(derived.changes({ name: ' Tea ', placement: 'top' })).toEqual({ name: 'Tea' });
    expect(derived.changes({ flag: false })).toEqual({ flag: false });
    expect(derived.read({ name: 'Tea', urls: [] })).toEqual({ name: 'Tea', urls: [], flag: true });
  });
});
