import type { z } from 'zod';
import { ValidationError, type FieldErrors } from '../errors/api-error';

/**
 * Validates a request's params against a route schema; on failure throws a 422 `ValidationError`
 * whose fields use the API's own input names (`owner[email]`, `rates[0][shipping_class_id]`),
 * i.e. what the client sent, so it can match errors to its form fields. Issues on the whole
 * input are under `base`.
 */
export function parseInput<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const result = schema.safeParse(params, { error: plainMessage });
  if (result.success) return result.data;
  throw new ValidationError(fieldErrorsOf(result.error.issues));
}

export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    const field = fieldName(issue.path);
    const messages = byField.get(field) ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    byField.set(field, messages);
  }
  return Object.fromEntries(byField);
}

/** ['owner', 'email'] → `owner[email]`; ['rates', 0, 'cents'] → `rates[0][cents]`. */
export function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'base';
  const [head, ...rest] = path.map((segment) => String(segment));
  return head + rest.map((segment) => `[${segment}]`).join('');
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

/**
 * Default messages for schema parts that did not bring their own (plain `z.string()`, `z.enum`,
 * `.email()`), in the same voice as the loose helpers. Returning undefined keeps zod's text.
 */
const plainMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' ? 'is invalid' : `must be a valid ${issue.format}`;
    case 'too_small':
      return boundMessage(issue.inclusive === false ? 'greater than' : 'at least', issue.origin, issue.minimum);
    case 'too_big':
      return boundMessage(issue.inclusive === false ? 'less than' : 'at most', issue.origin, issue.maximum);
    case 'unrecognized_keys':
      return `unknown parameters: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
};

function boundMessage(relation: string, origin: string, bound: number | bigint): string {
  if (origin === 'string') return bound === 1 && relation === 'at least' ? "can't be blank" : `must be ${relation} ${bound} characters`;
  if (origin === 'array' || origin === 'set') return `must have ${relation} ${bound} items`;
  return `must be ${relation} ${bound}`;
}
