import { validationFailed } from './domain.error';
import { boundViolations, clipText, ECHO_LIMITS, excerpt, listExcerpt, summarizeViolations } from './error-echo';

describe('what an error echoes of its input', () => {
  it('quotes a short value whole and a long one as an excerpt with its length', () => {
    expect(excerpt('order/paid')).toBe('"order/paid"');
    const long = excerpt('x'.repeat(32_000));
    expect(long).toBe(`"${'x'.repeat(ECHO_LIMITS.excerptChars - 1)}…" (32,000 characters)`);
  });

  it('never cuts a character in half', () => {
    expect(clipText('😀'.repeat(50), 10)).toBe(`${'😀'.repeat(9)}…`);
    expect(excerpt('😀'.repeat(50))).toContain('(50 characters)');
  });

  it('lists the first values and counts the rest', () => {
    expect(listExcerpt(['US', 'CA'])).toBe('"US", "CA"');
    const ids = Array.from({ length: 5_000 }, (_, index) => index + 1);
    expect(listExcerpt(ids)).toBe('1, 2, 3, 4, 5 and 4,995 more');
  });
});

describe('boundViolations', () => {
  const unknownItems = { items: Array.from({ length: 5_000 }, (_, index) => `${index + 1} is not an item of this order`) };

  it('keeps the first violations of a field and ends it with the count of the rest', () => {
    const { violations, omitted } = boundViolations(unknownItems);
    expect(violations.items).toHaveLength(ECHO_LIMITS.violations + 1);
    expect(violations.items!.at(0)).toBe('1 is not an item of this order');
    expect(violations.items!.at(-1)).toBe('and 4,980 more');
    expect(omitted).toBe(4_980);
  });

  it('counts the fields it has no room for', () => {
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`items[${index}].quantity`, ['must be at least 1']]));
    const bounded = boundViolations(many);
    expect(Object.keys(bounded.violations)).toHaveLength(ECHO_LIMITS.violations);
    expect(bounded.omitted).toBe(480);
    expect(summarizeViolations(bounded)).toMatch(/^Validation failed: items\[0\]\.quantity must be at least 1, .* \(and 480 more\)$/);
  });

  it('clips long messages and field names', () => {
    const { violations } = boundViolations({ ['f'.repeat(5_000)]: ['m'.repeat(5_000)] });
    const [[field, messages]] = Object.entries(violations);
    expect(field).toHaveLength(ECHO_LIMITS.fieldChars);
    expect(messages![0]).toHaveLength(ECHO_LIMITS.descriptionChars);
  });

  it('changes nothing more when bounding what was bounded', () => {
    const once = boundViolations(unknownItems);
    const twice = boundViolations(once.violations);
    expect(twice.violations).toEqual(once.violations);
    expect(twice.omitted).toBe(once.omitted);
  });

  it('gives a whole-input violation its message alone in the summary', () => {
    expect(summarizeViolations(boundViolations({ base: ['send a name or a permalink'] }))).toBe(
      'Validation failed: send a name or a permalink',
    );
  });
});

describe('validationFailed', () => {
  it('carries bounded violations and a message of bounded length', () => {
    const error = validationFailed(unknownTopics(4_000));
    expect(error.fieldViolations!.events).toHaveLength(ECHO_LIMITS.violations + 1);
    expect(error.message.length).toBeLessThanOrEqual(ECHO_LIMITS.messageChars);
    expect(error.message).toMatch(
      /^Validation failed: events has a topic that is not a public topic: "bad\/topic0", .* \(and 3,9\d\d more\)$/,
    );
  });
});

function unknownTopics(count: number): Record<string, string[]> {
  return { events: Array.from({ length: count }, (_, index) => `has a topic that is not a public topic: "bad/topic${index}"`) };
}
