import { z } from 'zod';

/**
 * The parts a presenter's answer schema is built of (docs/architecture.md#one-description-per-record).
 *
 * A presenter declares what it renders once, as a zod schema beside it (`productJson` in product.presenter.ts),
 * exports its type as `z.infer` of that schema and declares its return type with it: the compiler then refuses a
 * key the presenter adds, drops or types differently. The gateway's OpenAPI document lists the same schema
 * (gateway/src/openapi/answers.ts, NAMED_ANSWERS), and answers.unit.test.ts parses every presenter's output with
 * it. Strict objects; each named schema has an `id` (`.meta({ id })`), its name under components/schemas.
 */
export const timestamp = () =>
  z.string().meta({ description: "ISO 8601 in the store's time zone, with its offset", examples: ['2026-11-22T05:32:29+01:00'] });
export const optionalTimestamp = () => timestamp().nullable();
export const id = () => z.number().int();
export const cents = () => z.number().int().meta({ description: 'an amount in cents' });
export const decimalPrice = () => z.number().meta({ description: 'the price as a decimal (19.99)' });
