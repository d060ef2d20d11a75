import { z } from 'zod';
import { isDomainError } from './domain.error';
import { checkedChanges, checkedFields, checkedFieldsAsync, fieldNameOf, violationsOf } from './field-violations';

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
    ];
    expect(violationsOf(issues)).toEqual({ name: ["can't be blank", 'is too long'], 'rates[1].cents': ['must be at least 0'] });
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

  it('wait for a rule that waits (checkedFieldsAsync)', async () => {
    const url = z.string().superRefine(async (value, context) => {
      if (await Promise.resolve(value.includes('localhost'))) context.addIssue({ code: 'custom', message: 'points to this machine' });
    });
    await expect(checkedFieldsAsync(z.object({ url }), { url: 'http://localhost/' })).rejects.toMatchObject({
      reason: 'INVALID_ARGUMENT',
      fieldViolations: { url: ['points to this machine'] },
    });
    expect(await checkedFieldsAsync(z.object({ url }), { url: 'https://example.com/' })).toEqual({ url: 'https://example.com/' });
  });
});
