import { z } from 'zod';
import { ValidationError } from '../errors';
import { parseInput } from './coerce';

/** The per-field messages of the 422 a schema answers for these params; fails the test when it accepts them. */
export function fieldErrors(schema: z.ZodType, params: unknown): Record<string, string[]> {
  try {
    parseInput(schema, params);
  } catch (err) {
    if (err instanceof ValidationError) return err.fieldErrors;
    throw err;
  }
  throw new Error('expected a 422');
}

/** One field through a schema: its parsed value, or its per-field messages. */
export function checkField(schema: z.ZodType, value: unknown): unknown {
  try {
    return parseInput(z.object({ field: schema }), { field: value }).field;
  } catch (err) {
    if (err instanceof ValidationError) return err.fieldErrors;
    throw err;
  }
}
