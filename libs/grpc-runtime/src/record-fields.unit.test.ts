import { z } from 'zod';
import { isDomainError } from './domain.error';
import {
  checkedChanges,
  checkedChangesAsync,
  checkedFields,
  checkedFieldsAsync,
  fieldNameOf,
  fieldViolations,
  recordFields,
  ruled,
  violationsOf,
} from './record-fields';

const shape = {
  name: ruled(z.string().trim(), (name) => (name === '' ? ["can't be blank"] : [])),
  placement: ruled(z.string(), (word) => (word === 'top' ? [] : ['must be top'])),
  urls: ruled(z.array(z.string()), (urls) =>
    urls.flatMap((url, i) => (url.startsWith('http') ? [] : [[`urls[${i}]`, 'must be a URL'] as const])),
  ),
  flag: z.boolean().default(true),
};
const request = z.object(shape);
const fields = request.omit({ placement: true });
const derived = recordFields(fields);

const rate = z.object({
  class_id: z.number().refine((id) => id > 0, { message: 'is required' }),
  cents: z.number().refine((cents) => cents >= 0, { message: 'must be at least 0' }),
});
const group = z.object({
  name: z
    .string()
    .trim()
    .refine((name) => name !== '', { message: "can't be blank" }),
  rates: z.array(rate),
});

/** The violations `check` is refused with. */
function refusal(check: () => unknown): unknown {
  try {
    check();
  } catch (error) {
    if (isDomainError(error)) return { reason: error.reason, violations: error.fieldViolations };
    throw error;
  }
  throw new Error('not refused');
}

describe('fieldNameOf', () => {
  it('spells a path as the API names the field', () => {
    expect(fieldNameOf(['name'])).toBe('name');
    expect(fieldNameOf(['rates', 0, 'first_item_in_cents'])).toBe('rates[0].first_item_in_cents');
    expect(fieldNameOf(['photos', 2])).toBe('photos[2]');
  });
});

describe('violationsOf', () => {
  it('keys each message by its field, in the order found, each message once per field', () => {
    const issues = [
      { path: ['name'], message: "can't be blank" },
      { path: ['rates', 1, 'cents'], message: 'must be at least 0' },
      { path: ['name'], message: "can't be blank" },
      { path: ['name'], message: 'is too long' },
      { path: ['product_ids'], message: 'must be product ids', params: { field: 'products' } },
    ];
    expect(violationsOf(issues)).toEqual({
      name: ["can't be blank", 'is too long'],
      'rates[1].cents': ['must be at least 0'],
      products: ['must be product ids'],
    });
  });
});

describe('fieldViolations', () => {
  it('checks only the fields present, in the shape order, keyed by the field or the key its rule names', () => {
    expect(fieldViolations(request, {})).toEqual({});
    const violations = fieldViolations(request, { urls: ['x', 'http://a', 'y'], name: ' ', placement: 'left', other: 1 });
    expect(violations).toEqual({
      name: ["can't be blank"],
      placement: ['must be top'],
      'urls[0]': ['must be a URL'],
      'urls[2]': ['must be a URL'],
    });
    expect(Object.keys(violations)).toEqual(['name', 'placement', 'urls[0]', 'urls[2]']);
  });
});

describe('checkedFields and checkedChanges', () => {
  it('answer the fields as the schema holds them', () => {
    expect(checkedFields(group, { name: ' Posters ', rates: [{ class_id: 1, cents: 0 }] })).toEqual({
      name: 'Posters',
      rates: [{ class_id: 1, cents: 0 }],
    });
    expect(checkedChanges(group, { name: ' Posters ', rates: undefined })).toEqual({ name: 'Posters' });
    expect(checkedChanges(group, {})).toEqual({});
  });

  it('default absent fields on create, never in changes', () => {
    expect(checkedFields(fields, { name: 'Tea', urls: [] })).toEqual({ name: 'Tea', urls: [], flag: true });
    expect(checkedChanges(fields, { name: 'Tea' })).toEqual({ name: 'Tea' });
  });

  it('refuse every broken rule at once, as INVALID_ARGUMENT field by field', () => {
    expect(refusal(() => checkedFields(group, { name: ' ', rates: [{ class_id: 0, cents: -1 }] }))).toEqual({
      reason: 'INVALID_ARGUMENT',
      violations: { name: ["can't be blank"], 'rates[0].class_id': ['is required'], 'rates[0].cents': ['must be at least 0'] },
    });
    expect(refusal(() => checkedChanges(group, { rates: [{ class_id: 2, cents: -5 }] }))).toEqual({
      reason: 'INVALID_ARGUMENT',
      violations: { 'rates[0].cents': ['must be at least 0'] },
    });
  });

  it('wait for a rule that waits (the Async versions)', async () => {
    const url = z.string().superRefine(async (value, context) => {
      if (await Promise.resolve(value.includes('localhost'))) context.addIssue({ code: 'custom', message: 'points to this machine' });
    });
    const hook = z.object({ url, active: z.boolean() });
    await expect(checkedFieldsAsync(hook, { url: 'http://localhost/', active: true })).rejects.toMatchObject({
      reason: 'INVALID_ARGUMENT',
      fieldViolations: { url: ['points to this machine'] },
    });
    expect(await checkedFieldsAsync(hook, { url: 'https://example.com/', active: true })).toEqual({
      url: 'https://example.com/',
      active: true,
    });
    expect(await checkedChangesAsync(hook, { active: false })).toEqual({ active: false });
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

  it('refuses a create or changes that break a rule, as checkedFields does', () => {
    expect(refusal(() => derived.create({ name: ' ', urls: ['x'] }))).toEqual({
      reason: 'INVALID_ARGUMENT',
      violations: { name: ["can't be blank"], 'urls[0]': ['must be a URL'] },
    });
    expect(refusal(() => derived.changes({ urls: ['ftp://a'] }))).toEqual({
      reason: 'INVALID_ARGUMENT',
      violations: { 'urls[0]': ['must be a URL'] },
    });
  });
});
